import { describe, expect, it } from 'vitest';
import { CoveError, toErrorParts } from '../../../src/base/errors';
import { createZipImportClient } from '../../../src/runtime/zip-import-client';
import type {
  ZipImportCommand,
  ZipImportEvent,
  ZipImportOutcome,
} from '../../../src/runtime/zip-import-protocol';
import { storeError } from '../../../src/store/store-errors';
import type { ZipImportProgress } from '../../../src/workspace/zip-import';

/**
 * A stand-in for the zip import worker, driven by hand: it records what the client sends
 * and what it transfers, and the test decides what it answers and when.
 */
function fakeWorker() {
  const received: ZipImportCommand[] = [];
  const transferred: Transferable[][] = [];
  let listener: ((event: MessageEvent<ZipImportEvent>) => void) | undefined;
  let onError: ((event: ErrorEvent) => void) | undefined;
  let terminated = false;
  const worker = {
    postMessage(command: ZipImportCommand, transfer: Transferable[] = []) {
      received.push(command);
      transferred.push(transfer);
    },
    addEventListener(type: string, fn: (event: Event) => void) {
      if (type === 'message') listener = fn;
      if (type === 'error') onError = fn;
    },
    terminate() {
      terminated = true;
    },
  } as unknown as Worker;
  return {
    worker,
    received,
    transferred,
    terminated: () => terminated,
    send: (event: ZipImportEvent) => listener?.({ data: event } as MessageEvent<ZipImportEvent>),
    outcome: (outcome: ZipImportOutcome) =>
      listener?.({ data: { type: 'outcome', outcome } } as MessageEvent<ZipImportEvent>),
    crash: (message: string) => onError?.({ message, preventDefault: () => {} } as ErrorEvent),
  };
}

const done: ZipImportOutcome = {
  status: 'done',
  result: { written: ['a.py'], replaced: [], skipped: [] },
};
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('zip import client', () => {
  it('hands the archive over, passes progress on, lets the worker write and resolves', async () => {
    const fake = fakeWorker();
    const client = createZipImportClient({ spawn: () => fake.worker, databaseName: 'db' });
    const seen: ZipImportProgress[] = [];
    const bytes = new Uint8Array([1, 2, 3]);
    const importing = client.importZip(
      { workspaceId: 'w', bytes, into: 'src' },
      { onProgress: (progress) => seen.push(progress) },
    );
    expect(fake.received[0]).toMatchObject({
      type: 'start',
      databaseName: 'db',
      request: { workspaceId: 'w', into: 'src' },
    });
    expect(fake.transferred[0]).toEqual([bytes.buffer]);
    fake.send({ type: 'progress', progress: { phase: 'reading', done: 1, total: 2 } });
    fake.send({ type: 'ready' });
    expect(fake.received.at(-1)).toEqual({ type: 'write' });
    fake.send({ type: 'progress', progress: { phase: 'writing', done: 2, total: 2 } });
    fake.outcome(done);
    expect(await importing).toEqual(done.result);
    expect(seen.map((p) => p.phase)).toEqual(['reading', 'writing']);
    expect(fake.terminated()).toBe(true);
  });

  it('copies an archive that is a view of a larger buffer instead of taking that buffer', () => {
    const fake = fakeWorker();
    const client = createZipImportClient({ spawn: () => fake.worker });
    const whole = new Uint8Array([9, 9, 1, 2, 3]);
    void client.importZip({ workspaceId: 'w', bytes: whole.subarray(2) }).catch(() => {});
    expect(fake.transferred[0]![0]).not.toBe(whole.buffer);
    expect(whole.byteLength).toBe(5);
  });

  it('ends the worker at once when cancelled before it may write', async () => {
    const fake = fakeWorker();
    const cancel = new AbortController();
    const client = createZipImportClient({ spawn: () => fake.worker });
    const importing = client.importZip(
      { workspaceId: 'w', bytes: new Uint8Array(1) },
      { signal: cancel.signal },
    );
    fake.send({ type: 'progress', progress: { phase: 'reading', done: 1, total: 5 } });
    const reason = new Error('cancelled by the person');
    cancel.abort(reason);
    await expect(importing).rejects.toBe(reason);
    expect(fake.terminated()).toBe(true);
    // A late "ready" does not start a write.
    fake.send({ type: 'ready' });
    expect(fake.received.map((c) => c.type)).toEqual(['start']);
  });

  it('asks a writing worker to stop and ends as it answers', async () => {
    for (const [answer, expected] of [
      [{ status: 'cancelled' } as ZipImportOutcome, 'rejects'],
      [done, 'resolves'],
    ] as const) {
      const fake = fakeWorker();
      const cancel = new AbortController();
      const client = createZipImportClient({ spawn: () => fake.worker });
      const importing = client.importZip(
        { workspaceId: 'w', bytes: new Uint8Array(1) },
        { signal: cancel.signal },
      );
      fake.send({ type: 'ready' });
      cancel.abort(new Error('stop'));
      expect(fake.received.at(-1)).toEqual({ type: 'cancel' });
      await settle();
      expect(fake.terminated()).toBe(false);
      fake.outcome(answer);
      if (expected === 'rejects') await expect(importing).rejects.toThrow('stop');
      // The write had committed before the cancel arrived: the import happened.
      else expect(await importing).toEqual(done.result);
      expect(fake.terminated()).toBe(true);
    }
  });

  it('rebuilds the error a worker reports from its code and params, worded on the page', async () => {
    const fake = fakeWorker();
    const client = createZipImportClient({ spawn: () => fake.worker });
    const importing = client.importZip({ workspaceId: 'w', bytes: new Uint8Array(1) });
    fake.outcome({
      status: 'failed',
      error: { code: 'zip-damaged', params: { detail: 'invalid zip data' } },
    });
    const error = await importing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect(error).toMatchObject({
      code: 'zip-damaged',
      params: { detail: 'invalid zip data' },
      message: 'This zip file is damaged or not a zip (invalid zip data).',
      hint: 'Nothing was imported. Re-create the archive and try again.',
    });
  });

  it('keeps the sentences of an error worded where it was thrown', async () => {
    const fake = fakeWorker();
    const client = createZipImportClient({ spawn: () => fake.worker });
    const importing = client.importZip({ workspaceId: 'w', bytes: new Uint8Array(1) });
    fake.outcome({
      status: 'failed',
      error: { code: 'python-start', message: 'Own words.', hint: 'Own hint.' },
    });
    const error = await importing.catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'python-start', message: 'Own words.', hint: 'Own hint.' });
  });

  it('says the import stopped when its worker fails', async () => {
    const fake = fakeWorker();
    const client = createZipImportClient({ spawn: () => fake.worker });
    const importing = client.importZip({ workspaceId: 'w', bytes: new Uint8Array(1) });
    fake.crash('');
    const error = await importing.catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: 'zip-import-failed',
      message: 'The zip import stopped: its worker failed to start.',
      hint: 'Nothing was imported. Reload the page and try again.',
    });
    expect(fake.terminated()).toBe(true);
  });

  it('words on the page a data error the worker reports as its code and params', async () => {
    // The worker has no English installed: a data error crosses as its code and params.
    const fake = fakeWorker();
    const client = createZipImportClient({ spawn: () => fake.worker });
    const importing = client.importZip({ workspaceId: 'w', bytes: new Uint8Array(1) });
    fake.outcome({ status: 'failed', error: toErrorParts(storeError('storage-full')) });
    const error = await importing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CoveError);
    expect(error).toMatchObject({
      code: 'storage-full',
      message: 'The browser has no room left for Cove, so nothing was saved.',
    });
  });
});
