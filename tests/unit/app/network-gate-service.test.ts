import { createSignal } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../src/base/clock';
import {
  createNetworkGateService,
  type AllowedHost,
  type GateServiceWorker,
} from '../../../src/app/network-gate-service';

/** A stand-in for navigator.serviceWorker: records what the page posts, delivers messages. */
class FakeServiceWorker implements GateServiceWorker {
  posted: unknown[] = [];
  controller: { postMessage(message: unknown): void } | null = {
    postMessage: (message) => this.posted.push(message),
  };
  private listeners = new Map<string, Set<(event: MessageEvent) => void>>();
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  emit(type: string, data?: unknown, ports: MessagePort[] = []) {
    for (const listener of this.listeners.get(type) ?? []) {
      listener({ data, ports } as unknown as MessageEvent);
    }
  }
  /** Asks as the service worker does and returns the page's answer. */
  ask(url: string): Promise<unknown> {
    const channel = new MessageChannel();
    const answer = new Promise((resolve) => {
      channel.port1.onmessage = (event) => {
        channel.port1.close();
        resolve(event.data);
      };
    });
    this.emit('message', { type: 'cove-network-ask', url }, [channel.port2]);
    return answer;
  }
}

function setup(initial: AllowedHost[]) {
  const [configured, setConfigured] = createSignal<readonly AllowedHost[]>(initial);
  const worker = new FakeServiceWorker();
  const clock = new ManualClock(0);
  const warnings: string[] = [];
  const gate = createNetworkGateService({
    configured,
    serviceWorker: worker,
    pageOrigin: 'https://cove.example',
    log: { warn: (_source, message) => warnings.push(message) },
    clock,
  });
  return { gate, worker, clock, warnings, setConfigured };
}

describe('the network gate service', () => {
  it('sends the configured origins to the service worker, and again when they change', () => {
    const { gate, worker, setConfigured } = setup([
      { origin: 'https://api.openai.com/v1', reason: 'Provider OpenAI' },
      { origin: 'http://localhost:11434/v1/', reason: 'Provider Ollama' },
      { origin: 'https://api.openai.com/v2', reason: 'Provider again' },
      { origin: 'https://cove.example/pyodide/', reason: 'own' },
      { origin: 'not a url', reason: 'broken' },
    ]);
    expect(gate.hosts()).toEqual([
      { origin: 'http://localhost:11434', reason: 'Provider Ollama' },
      { origin: 'https://api.openai.com', reason: 'Provider OpenAI' },
    ]);
    expect(worker.posted.at(-1)).toEqual({
      type: 'cove-network-allow-list',
      origins: ['http://localhost:11434', 'https://api.openai.com'],
    });
    setConfigured([{ origin: 'https://mcp.example/mcp', reason: 'MCP server docs' }]);
    expect(worker.posted.at(-1)).toEqual({
      type: 'cove-network-allow-list',
      origins: ['https://mcp.example'],
    });
    expect(gate.enforced()).toBe(true);
    gate.dispose();
  });

  it('answers the worker: configured and own origins yes, others no, a grant for a minute', async () => {
    const { gate, worker, clock } = setup([{ origin: 'https://api.example/v1', reason: 'p' }]);
    expect(await worker.ask('https://api.example/chat')).toEqual({ allowed: true });
    expect(await worker.ask('https://cove.example/x')).toEqual({ allowed: true });
    expect(await worker.ask('http://127.0.0.1:9/stolen')).toEqual({ allowed: false });
    expect(await worker.ask('https://api.example.evil.com/')).toEqual({ allowed: false });
    expect(await worker.ask('data:text/plain,x')).toEqual({ allowed: false });
    gate.grant('https://images.example/cat.png?size=2');
    expect(await worker.ask('https://images.example/other.png')).toEqual({ allowed: true });
    await clock.advance(60_001);
    expect(await worker.ask('https://images.example/cat.png')).toEqual({ allowed: false });
    gate.dispose();
  });

  it('logs what the service worker refused, without the query', () => {
    const { gate, worker, warnings } = setup([]);
    worker.emit('message', { type: 'cove-network-refused', url: 'http://127.0.0.1:9/stolen' });
    expect(warnings).toEqual([
      'Cove refused a request to http://127.0.0.1:9/stolen: it is not a host Cove may reach.',
    ]);
    gate.dispose();
  });

  it('says it is not enforced until a service worker controls the tab, then sends the list', () => {
    const worker = new FakeServiceWorker();
    worker.controller = null;
    const gate = createNetworkGateService({
      configured: () => [{ origin: 'https://api.example/', reason: 'p' }],
      serviceWorker: worker,
      pageOrigin: 'https://cove.example',
      log: { warn: () => {} },
      clock: new ManualClock(0),
    });
    expect(gate.enforced()).toBe(false);
    expect(worker.posted).toEqual([]);
    worker.controller = { postMessage: (message) => worker.posted.push(message) };
    worker.emit('controllerchange');
    expect(gate.enforced()).toBe(true);
    expect(worker.posted).toEqual([
      { type: 'cove-network-allow-list', origins: ['https://api.example'] },
    ]);
    gate.dispose();
  });
});
