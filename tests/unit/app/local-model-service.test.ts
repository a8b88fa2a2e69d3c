import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../src/base/clock';
import { createLocalModelService } from '../../../src/app/local-model-service';
import { createModelClients } from '../../../src/app/local-model-wiring';
import { createNoticeService } from '../../../src/app/notice-service';
import type { ChatRequest } from '../../../src/llm/chat-client';
import type { LocalModelPort } from '../../../src/llm/local-model-protocol';
import type { ProviderConfig } from '../../../src/llm/provider-config';
import { noSecrets } from '../../../src/base/redact-credentials';
import { createMemoryModelFileStore } from '../../../src/store/model-file-store';
import { fakeProviderService } from '../../fakes/provider-service';
import { FakeDirectory } from '../../fakes/opfs-directory';
import { makeTinyGguf } from '../../fixtures/tiny-gguf';
import { createOpfsModelFileStore } from '../../../src/store/opfs-model-file-store';

const unusedWorker = (): LocalModelPort => {
  throw new Error('no worker in this test');
};

describe('local model service', () => {
  it('lists a stored file as a model of "In this browser", and removes it again', async () => {
    const published: ProviderConfig[][] = [];
    const service = createLocalModelService({
      store: createMemoryModelFileStore(),
      openWorker: unusedWorker,
      clock: systemClock,
      notices: createNoticeService(systemClock),
      publish: (providers) => published.push(providers),
    });
    await service.load();
    expect(published.at(-1)).toEqual([]);
    const file = await service.add('coder.gguf', new Blob([new Uint8Array(2048)]), 2048);
    expect(service.files().map((f) => f.name)).toEqual(['coder.gguf']);
    const provider = published.at(-1)?.[0];
    expect(provider).toMatchObject({ id: 'in-browser', name: 'In this browser' });
    expect(provider?.models).toEqual([
      expect.objectContaining({
        id: file.id,
        label: 'coder.gguf (2 KB)',
        capabilities: expect.objectContaining({ contextWindow: 8192, toolCalling: 'text' }),
      }),
    ]);
    await service.remove(file.id);
    expect(published.at(-1)).toEqual([]);
  });

  it('shows the window read from the file, as the worker will load it, after a restart too', async () => {
    const root = new FakeDirectory();
    const start = async () => {
      const published: ProviderConfig[][] = [];
      const service = createLocalModelService({
        store: createOpfsModelFileStore(root.asRoot(), () => Promise.resolve({})),
        openWorker: unusedWorker,
        clock: systemClock,
        notices: createNoticeService(systemClock),
        publish: (providers) => published.push(providers),
      });
      await service.load();
      return {
        service,
        windows: () => published.at(-1)?.[0]?.models?.map((m) => m.capabilities?.contextWindow),
      };
    };
    const first = await start();
    for (const [name, contextLength] of [
      ['small.gguf', 2048],
      ['long.gguf', 131072],
    ] as const) {
      const bytes = makeTinyGguf({ contextLength });
      await first.service.add(name, new Blob([bytes]), bytes.length);
    }
    // The tiny model's cache is cheap: the window is its own, up to the 32k ceiling.
    expect(first.windows()).toEqual([2048, 32768]);
    // A copy cut short by a closed tab, found at the next start: swept, never listed.
    (await root.getDirectoryHandle('cove-models')).files.set('cut.gguf.gguf', new Uint8Array(9));
    const again = await start();
    expect(again.windows()).toEqual([2048, 32768]);
    expect([...(await root.getDirectoryHandle('cove-models')).files.keys()]).not.toContain(
      'cut.gguf.gguf',
    );
  });

  it('routes requests for in-browser models to the local client, others to the remote one', async () => {
    const providers = fakeProviderService();
    const { client } = createModelClients({
      network: () => Promise.reject(new TypeError('offline')),
      clock: systemClock,
      pageOrigin: undefined,
      secrets: noSecrets,
      providers,
      notices: createNoticeService(systemClock),
    });
    const request = (id: string): ChatRequest => ({
      provider: { id, name: id, presetId: 'custom', baseURL: 'https://example.test/v1' },
      model: 'missing.gguf',
      messages: [{ role: 'user', content: 'hi' }],
    });
    const last = async (r: ChatRequest) => {
      let end;
      for await (const event of client.stream(r)) end = event;
      return end;
    };
    // The local client finds no such stored file; the remote one cannot reach the network.
    expect(await last(request('in-browser'))).toMatchObject({
      type: 'error',
      error: { params: { reason: 'local-missing' } },
    });
    expect(await last(request('cloud'))).toMatchObject({
      type: 'error',
      error: { kind: 'connection' },
    });
  });
});
