import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createMcpSampling, type SamplingModel } from '../../../src/app/mcp-sampling';
import type { SamplingRequest } from '../../../src/mcp/sampling';
import { waitUntil } from '../support/wait-until';

const request = (signal: AbortSignal): SamplingRequest => ({
  serverId: 's',
  serverName: 'demo',
  systemPrompt: 'Be brief.',
  messages: [{ role: 'user', text: 'Name a colour' }],
  maxTokens: 20,
  signal,
});

describe('MCP sampling waiting for the person', () => {
  it('goes to the model only when approved, as edited; the reply goes back only when sent, as edited', async () => {
    await createRoot(async (dispose) => {
      const asked: Parameters<SamplingModel>[0][] = [];
      const sampling = createMcpSampling(async (input) => {
        asked.push(input);
        return { ok: true, text: 'Teal', model: 'm1', stopReason: 'endTurn' };
      });
      const answer = sampling.ask(request(new AbortController().signal));
      const [entry] = sampling.pending();
      expect(entry!.stage).toEqual({ step: 'review' });
      expect(asked).toEqual([]);
      sampling.send(entry!.id, 'too early');
      expect(sampling.pending()).toHaveLength(1);
      sampling.approve(entry!.id, {
        systemPrompt: 'Be brief.',
        messages: [{ role: 'user', text: 'Name a calm colour' }],
      });
      await waitUntil(() => expect(sampling.pending()[0]!.stage.step).toBe('reply'));
      expect(asked).toEqual([
        {
          systemPrompt: 'Be brief.',
          messages: [{ role: 'user', text: 'Name a calm colour' }],
          maxTokens: 20,
        },
      ]);
      sampling.send(entry!.id, 'Teal, quite calm');
      await expect(answer).resolves.toEqual({
        action: 'reply',
        text: 'Teal, quite calm',
        model: 'm1',
        stopReason: 'endTurn',
      });
      expect(sampling.pending()).toEqual([]);
      dispose();
    });
  });

  it('a model that fails is shown, and can be tried again or refused; an ended call refuses', async () => {
    await createRoot(async (dispose) => {
      const sampling = createMcpSampling(async () => ({
        ok: false,
        message: 'No model is selected.',
      }));
      const answer = sampling.ask(request(new AbortController().signal));
      const id = sampling.pending()[0]!.id;
      sampling.approve(id, { systemPrompt: '', messages: [] });
      await waitUntil(() =>
        expect(sampling.pending()[0]!.stage).toEqual({
          step: 'failed',
          message: 'No model is selected.',
        }),
      );
      sampling.refuse(id);
      await expect(answer).resolves.toEqual({ action: 'refuse' });
      const call = new AbortController();
      const ended = sampling.ask(request(call.signal));
      call.abort();
      await expect(ended).resolves.toEqual({ action: 'refuse' });
      expect(sampling.pending()).toEqual([]);
      dispose();
    });
  });

  it('a server allowed to use the model is answered at once, and each use is told', async () => {
    await createRoot(async (dispose) => {
      const sampling = createMcpSampling(
        async () => ({ ok: true, text: 'Teal', model: 'm1', stopReason: 'endTurn' }),
        undefined,
        (serverId) => serverId === 's',
      );
      const told: unknown[] = [];
      sampling.onUnasked((answered) => told.push(answered));
      await expect(sampling.ask(request(new AbortController().signal))).resolves.toEqual({
        action: 'reply',
        text: 'Teal',
        model: 'm1',
        stopReason: 'endTurn',
      });
      expect(sampling.pending()).toEqual([]);
      expect(told).toEqual([
        {
          serverName: 'demo',
          reply: { ok: true, text: 'Teal', model: 'm1', stopReason: 'endTurn' },
        },
      ]);
      // Another server still asks.
      void sampling.ask({ ...request(new AbortController().signal), serverId: 'other' });
      expect(sampling.pending()).toHaveLength(1);
      dispose();
    });
  });
});
