import { describe, expect, it } from 'vitest';
import { MemoryWorkerFs } from '../../../src/runtime/worker-fs';
import { syncedMtime, WorkspaceMirror } from '../../../src/runtime/workspace-mirror';

const text = (s: string) => new TextEncoder().encode(s);
const decode = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

function setup() {
  let now = 5000;
  const fs = new MemoryWorkerFs(() => now);
  const mirror = new WorkspaceMirror(fs, '/workspace');
  return {
    fs,
    mirror,
    tick: (ms = 1) => {
      now += ms;
    },
  };
}

describe('WorkspaceMirror', () => {
  it('writes puts with folders and real dates, and tracks them', () => {
    const { fs, mirror } = setup();
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [
        { path: 'src', kind: 'folder', mtime: 1 },
        { path: 'src/main.py', kind: 'file', content: 'print("é")\n', mtime: 1_700_000_000_123 },
        { path: 'img.bin', kind: 'file', content: new Uint8Array([0, 255, 1]), mtime: 2 },
        { path: 'empty', kind: 'folder', mtime: 3 },
      ],
    });
    expect(decode(fs.readFile('/workspace/src/main.py'))).toBe('print("é")\n');
    expect(fs.readFile('/workspace/img.bin')).toEqual(new Uint8Array([0, 255, 1]));
    expect(fs.stat('/workspace/empty')?.kind).toBe('folder');
    expect(fs.stat('/workspace/src/main.py')?.mtime).toBe(syncedMtime(1_700_000_000_123));
    expect(mirror.trackedPaths()).toEqual(['empty', 'img.bin', 'src', 'src/main.py']);
    expect(mirror.collect()).toEqual({ written: [], deleted: [] });
  });

  it('reports created, modified and deleted entries once, parents first and children first', () => {
    const { fs, mirror, tick } = setup();
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [
        { path: 'a.txt', kind: 'file', content: 'one', mtime: 1 },
        { path: 'gone', kind: 'folder', mtime: 1 },
        { path: 'gone/x.txt', kind: 'file', content: 'x', mtime: 1 },
      ],
    });
    tick();
    fs.writeFile('/workspace/a.txt', text('two'));
    fs.mkdir('/workspace/out');
    fs.mkdir('/workspace/out/deep');
    fs.writeFile('/workspace/out/deep/r.csv', text('1,2\n'));
    fs.remove('/workspace/gone/x.txt');
    fs.remove('/workspace/gone');
    const changes = mirror.collect();
    expect(changes.written.map((w) => [w.path, w.kind, w.bytes && decode(w.bytes)])).toEqual([
      ['a.txt', 'file', 'two'],
      ['out', 'folder', undefined],
      ['out/deep', 'folder', undefined],
      ['out/deep/r.csv', 'file', '1,2\n'],
    ]);
    expect(changes.deleted).toEqual(['gone/x.txt', 'gone']);
    expect(mirror.collect()).toEqual({ written: [], deleted: [] });
  });

  it('sees a same-size rewrite in the same millisecond as the sync', () => {
    const { fs, mirror } = setup();
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [{ path: 'a.txt', kind: 'file', content: 'aaa', mtime: 5000 }],
    });
    fs.writeFile('/workspace/a.txt', text('bbb'));
    expect(mirror.collect().written.map((w) => w.path)).toEqual(['a.txt']);
  });

  it('does not report a rewrite with identical bytes', () => {
    const { fs, mirror, tick } = setup();
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [{ path: 'a.txt', kind: 'file', content: 'same', mtime: 1 }],
    });
    tick(10);
    fs.writeFile('/workspace/a.txt', text('same'));
    expect(mirror.collect()).toEqual({ written: [], deleted: [] });
  });

  it('keeps binaries as bytes both ways', () => {
    const { fs, mirror, tick } = setup();
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0xff]);
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [{ path: 'in.png', kind: 'file', content: png, mtime: 1 }],
    });
    tick();
    fs.writeFile('/workspace/out.png', new Uint8Array([...png].reverse()));
    const [written] = mirror.collect().written;
    expect(written?.bytes).toEqual(new Uint8Array([...png].reverse()));
  });

  it('leaves out __pycache__ and symlinks', () => {
    const { fs, mirror } = setup();
    fs.mkdir('/workspace/__pycache__');
    fs.writeFile('/workspace/__pycache__/m.pyc', text('x'));
    fs.makeOther('/workspace/link');
    expect(mirror.collect()).toEqual({ written: [], deleted: [] });
  });

  it('applies deletes, kind changes and resets', () => {
    const { fs, mirror } = setup();
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [
        { path: 'd', kind: 'folder', mtime: 1 },
        { path: 'd/f.txt', kind: 'file', content: 'f', mtime: 1 },
        { path: 'x', kind: 'file', content: 'x', mtime: 1 },
      ],
    });
    mirror.apply({
      reset: false,
      deletes: ['d'],
      puts: [
        { path: 'x', kind: 'folder', mtime: 2 },
        { path: 'd', kind: 'file', content: 'now a file', mtime: 2 },
      ],
    });
    expect(fs.stat('/workspace/x')?.kind).toBe('folder');
    expect(decode(fs.readFile('/workspace/d'))).toBe('now a file');
    expect(mirror.trackedPaths()).toEqual(['d', 'x']);
    expect(mirror.collect()).toEqual({ written: [], deleted: [] });
    fs.writeFile('/workspace/stray.txt', text('worker only'));
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [{ path: 'n.py', kind: 'file', content: '', mtime: 1 }],
    });
    expect(fs.list('/workspace')).toEqual(['n.py']);
    expect(mirror.trackedPaths()).toEqual(['n.py']);
  });

  it('creates a missing parent folder and then reports it', () => {
    const { fs, mirror } = setup();
    mirror.apply({
      reset: true,
      deletes: [],
      puts: [{ path: 'a/b.txt', kind: 'file', content: 'b', mtime: 1 }],
    });
    expect(fs.stat('/workspace/a')?.kind).toBe('folder');
    expect(mirror.collect().written.map((w) => w.path)).toEqual(['a']);
  });
});
