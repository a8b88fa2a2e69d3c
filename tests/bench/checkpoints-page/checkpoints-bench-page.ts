// The page tests/bench/checkpoints.bench.mjs builds and opens in Chromium: Cove's real
// IndexedDB store, WorkspaceFiles and CheckpointService, with no UI. It exposes
// `window.coveCheckpointsBench` for the suite to drive.
import { systemClock } from '../../../src/base/clock';
import type { CoveStore } from '../../../src/store/cove-store';
import { openDexieStore } from '../../../src/store/dexie-store';
import type { FileChange } from '../../../src/store/file-store';
import { CheckpointService } from '../../../src/workspace/checkpoints';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';

const FOLDERS = 10;
const PER_FOLDER = 100;
const TEXT_BYTES = 2048;
const BINARY_BYTES = 4096;

const line = (i: number) =>
  `    total_${i} = add(values[${i % 89}], weight=${i % 11})  # line ${i}\n`;

function text(seed: number, tag: string): string {
  let out = `# ${tag}\ndef handler_${seed}(values):\n`;
  for (let i = 0; out.length < TEXT_BYTES; i++) out += line(seed + i);
  return out.slice(0, TEXT_BYTES);
}

function binary(seed: number): Uint8Array {
  const bytes = new Uint8Array(BINARY_BYTES);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (seed * 31 + i * 7) & 0xff;
  bytes[0] = 0; // a NUL: kept as bytes
  return bytes;
}

const pathOf = (i: number) =>
  `pkg_${Math.floor(i / PER_FOLDER)}/module_${i}.${i % 10 === 0 ? 'bin' : 'py'}`;

/**
 * The 100 paths an agent turn touches: 80 edited (8 of them binary), 10 deleted, and 10
 * created in a new folder.
 */
const EDITED = Array.from({ length: 80 }, (_, k) => k * 11);
const DELETED = Array.from({ length: 10 }, (_, k) => 900 + k * 9);
const CREATED = Array.from({ length: 10 }, (_, k) => `generated/out_${k}.py`);
const TOUCHED = [...EDITED.map(pathOf), ...DELETED.map(pathOf), ...CREATED];

let store: CoveStore | undefined;
let files: WorkspaceFiles | undefined;
let checkpoints: CheckpointService | undefined;
let sessions = 0;

async function time(body: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await body();
  return performance.now() - started;
}

const api = {
  /** A fresh database: one workspace of 1,000 files (100 of them binary) in 10 folders. */
  async prepare(): Promise<number> {
    store = await openDexieStore({ name: `bench-checkpoints-${Date.now()}` });
    await store.workspaces.put({ id: 'bench', name: 'Bench', createdAt: 0, updatedAt: 0 });
    files = new WorkspaceFiles(store.files, 'bench', systemClock);
    checkpoints = new CheckpointService(files, store.checkpoints, systemClock);
    for (let f = 0; f < FOLDERS; f++) {
      const changes: FileChange[] = [
        { type: 'put', path: `pkg_${f}`, kind: 'folder', content: '' },
      ];
      for (let i = f * PER_FOLDER; i < (f + 1) * PER_FOLDER; i++) {
        const content = i % 10 === 0 ? binary(i) : text(i, 'original');
        changes.push({ type: 'put', path: pathOf(i), kind: 'file', content });
      }
      await files.apply(changes);
    }
    return (await files.list()).length;
  },
  /**
   * One agent turn in a new session (untimed): record the 100 paths, write them as the
   * agent would, settle. Then, timed: plan the rewind and carry it out. Returns the times
   * in milliseconds; throws unless exactly 100 files went back.
   */
  async timeRewind(): Promise<{ plan: number; apply: number; total: number }> {
    const session = `s${++sessions}`;
    const checkpoint = await checkpoints!.record(session, `${session}-n1`, TOUCHED);
    const turn: FileChange[] = [
      ...EDITED.map((i): FileChange => ({
        type: 'put',
        path: pathOf(i),
        kind: 'file',
        content: i % 10 === 0 ? binary(i + sessions) : text(i, `agent ${sessions}`),
      })),
      ...DELETED.map((i): FileChange => ({ type: 'delete', path: pathOf(i) })),
      { type: 'put', path: 'generated', kind: 'folder', content: '' },
      ...CREATED.map((path, k): FileChange => ({
        type: 'put',
        path,
        kind: 'file',
        content: text(k, 'new'),
      })),
    ];
    await files!.apply(turn);
    const settled = await checkpoints!.settle(checkpoint);

    let plan: Awaited<ReturnType<CheckpointService['planRewind']>> | undefined;
    let changed = 0;
    const planMs = await time(async () => {
      plan = await checkpoints!.planRewind(settled);
    });
    const applyMs = await time(async () => {
      changed = (await checkpoints!.rewind(plan!)).changed.length;
    });
    if (changed !== 100) throw new Error(`expected 100 files rewound, got ${changed}`);
    // The new folder stays (rewind restores files); drop it so the next turn creates it.
    await files!.delete('generated');
    return { plan: planMs, apply: applyMs, total: planMs + applyMs };
  },
  close(): void {
    store?.close();
  },
};

(globalThis as unknown as { coveCheckpointsBench: typeof api }).coveCheckpointsBench = api;
