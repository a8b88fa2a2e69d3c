import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import type { FileContent } from '../../../src/store/records';
import type { FileToolContext } from '../../../src/tools/files/file-tool-context';
import { deletePathTool } from '../../../src/tools/files/delete-path-tool';
import { editFileTool } from '../../../src/tools/files/edit-file-tool';
import { listFilesTool, MAX_LIST_ENTRIES } from '../../../src/tools/files/list-files-tool';
import { makeDirTool } from '../../../src/tools/files/make-dir-tool';
import { createMemoryFileToolContext } from '../../../src/tools/files/memory-file-tool-context';
import { movePathTool } from '../../../src/tools/files/move-path-tool';
import { ReadTracker } from '../../../src/tools/files/read-tracker';
import { MAX_READ_LINES, readFileTool } from '../../../src/tools/files/read-file-tool';
import { searchFilesTool } from '../../../src/tools/files/search-files-tool';
import { writeFileTool } from '../../../src/tools/files/write-file-tool';
import { isReadOnly, type ToolApprovalKind } from '../../../src/tools/tool';
import { WorkspaceFiles } from '../../../src/workspace/workspace-files';
import type { WorkspaceFileAccess } from '../../../src/workspace/file-access';
import { storeKinds, testClock } from '../../fakes/stores';

const MAIN = ['import sys', '', 'def main():', '    print("hello")', '', 'main()', ''].join('\n');

async function setup(files: Record<string, FileContent> = {}) {
  return createMemoryFileToolContext({ files });
}

/** The context with its file access replaced, e.g. to forbid reading contents. */
function withFiles(context: FileToolContext, files: WorkspaceFileAccess): FileToolContext {
  return { ...context, files };
}

/** File access that fails the test when a file's content is read. */
function contentFree(files: WorkspaceFileAccess): WorkspaceFileAccess {
  return {
    workspaceId: files.workspaceId,
    list: () => files.list(),
    find: () => Promise.reject(new Error('read a file content')),
    write: () => Promise.reject(new Error('wrote')),
    createFolder: () => Promise.reject(new Error('wrote')),
    move: () => Promise.reject(new Error('wrote')),
    delete: () => Promise.reject(new Error('wrote')),
  };
}

async function text(files: WorkspaceFiles, path: string) {
  return (await files.read(path)).content;
}

describe('the tool list', () => {
  it('offers each file tool once, with a schema that strict Ajv compiles and a fitting approval kind', () => {
    const tools = [
      listFilesTool,
      readFileTool,
      searchFilesTool,
      writeFileTool,
      editFileTool,
      deletePathTool,
      movePathTool,
      makeDirTool,
    ] as { name: string; approval: ToolApprovalKind; parameters: object; description: string }[];
    expect(tools.map((tool) => tool.name)).toEqual([
      'list_files',
      'read_file',
      'search_files',
      'write_file',
      'edit_file',
      'delete_path',
      'move_path',
      'make_dir',
    ]);
    const ajv = new Ajv({ strict: true });
    for (const tool of tools) {
      expect(() => ajv.compile(tool.parameters), tool.name).not.toThrow();
      expect(tool.description.length).toBeGreaterThan(40);
    }
    expect(tools.filter(isReadOnly).map((tool) => tool.name)).toEqual([
      'list_files',
      'read_file',
      'search_files',
    ]);
  });

  it('edit_file schema refuses a call without edits or with an unknown field', () => {
    const validate = new Ajv({ strict: true }).compile(editFileTool.parameters);
    expect(validate({ path: 'a.py', edits: [] })).toBe(false);
    expect(validate({ path: 'a.py', edits: [{ old_text: 'a', new_text: 'b', x: 1 }] })).toBe(false);
    expect(validate({ path: 'a.py', edits: [{ old_text: 'a', new_text: 'b' }] })).toBe(true);
  });
});

describe('list_files', () => {
  const tree = {
    'README.md': '# Demo\n',
    'src/app.py': 'print(1)\n',
    'src/lib/util.py': 'x = 1\n',
    'src/lib/deep/more.py': 'y = 2\n',
    'data/blob.bin': new Uint8Array([0, 1, 2]),
  };

  it('shows the tree folders first with sizes, to the default depth, reading no contents', async () => {
    const { context } = await setup(tree);
    const result = await listFilesTool.execute({}, withFiles(context, contentFree(context.files)));
    expect(result.isError).toBeUndefined();
    expect(result.content).toBe(
      [
        'Workspace: 5 files, 4 folders',
        'data/',
        '  blob.bin (3 bytes)',
        'src/',
        '  lib/',
        '    deep/ (1 entry)',
        '    util.py (6 bytes)',
        '  app.py (9 bytes)',
        'README.md (7 bytes)',
      ].join('\n'),
    );
  });

  it('depth 1 lists only the top level, counting what is inside each folder', async () => {
    const { context } = await setup(tree);
    const result = await listFilesTool.execute({ depth: 1 }, context);
    expect(result.content).toBe(
      [
        'Workspace: 5 files, 4 folders',
        'data/ (1 entry)',
        'src/ (5 entries)',
        'README.md (7 bytes)',
      ].join('\n'),
    );
  });

  it('lists one folder; a missing folder, a file or a bad path is an error result', async () => {
    const { context } = await setup(tree);
    const lib = await listFilesTool.execute({ path: 'src/lib', depth: 5 }, context);
    expect(lib.content).toBe(
      ['src/lib/: 2 files, 1 folder', 'deep/', '  more.py (6 bytes)', 'util.py (6 bytes)'].join(
        '\n',
      ),
    );
    expect(await listFilesTool.execute({ path: 'nope' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('nope does not exist'),
    });
    expect(await listFilesTool.execute({ path: 'README.md' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('README.md is a file'),
    });
    expect(await listFilesTool.execute({ path: '../etc' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('points outside the workspace'),
    });
  });

  it('refuses to write or move to a name with a bidirectional control', async () => {
    const { context, files } = await setup(tree);
    const before = (await files.list()).map((entry) => entry.path);
    const write = await writeFileTool.execute({ path: 'src/\u202Etxt.py', content: 'x' }, context);
    expect(write).toMatchObject({
      isError: true,
      content: expect.stringContaining('invisible bidirectional control (U+202E)'),
    });
    expect(write.content).toContain('src/\\u202Etxt.py');
    const move = await movePathTool.execute({ from: 'README.md', to: 'READ\u2066ME.md' }, context);
    expect(move).toMatchObject({ isError: true });
    expect((await files.list()).map((entry) => entry.path)).toEqual(before);
  });

  it('an empty workspace says so; a huge one is cut with a count', async () => {
    const empty = await setup();
    expect((await listFilesTool.execute({}, empty.context)).content).toBe(
      'The workspace is empty.',
    );
    const many: Record<string, string> = {};
    for (let i = 0; i < MAX_LIST_ENTRIES + 200; i++)
      many[`f${String(i).padStart(5, '0')}.txt`] = '';
    const { context } = await setup(many);
    // With room to spare, the entry limit cuts it.
    const roomy = await listFilesTool.execute({}, { ...context, resultCap: 1_000_000 });
    const lines = roomy.content.split('\n');
    expect(lines).toHaveLength(MAX_LIST_ENTRIES + 2);
    expect(lines.at(-1)).toBe(
      '… 200 more entries not shown; list a subfolder or use a lower depth.',
    );
    // At the loop's default cap, the listing stays under it and counts what it left out.
    const capped = await listFilesTool.execute({}, context);
    expect(capped.content.length).toBeLessThanOrEqual(10_000);
    const shown = (capped.details as { shown: number }).shown;
    expect(capped.content.split('\n').at(-1)).toBe(
      `… ${MAX_LIST_ENTRIES + 200 - shown} more entries not shown; list a subfolder or use a lower depth.`,
    );
  });
});

describe('read_file', () => {
  it('returns numbered lines and records the version read', async () => {
    const { context } = await setup({ 'main.py': MAIN });
    const result = await readFileTool.execute({ path: 'main.py' }, context);
    expect(result.content).toBe(
      [
        'main.py (all 6 lines):',
        '1\timport sys',
        '2\t',
        '3\tdef main():',
        '4\t    print("hello")',
        '5\t',
        '6\tmain()',
      ].join('\n'),
    );
    expect(context.reads.versionOf('main.py')).toBe(1);
  });

  it('reads a range of lines, numbered as in the file', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => `line ${i + 1}`).join('\n');
    const { context } = await setup({ 'long.txt': lines });
    const result = await readFileTool.execute(
      { path: './long.txt', start_line: 98, end_line: 101 },
      context,
    );
    expect(result.content).toBe(
      [
        'long.txt (lines 98–101 of 120):',
        ' 98\tline 98',
        ' 99\tline 99',
        '100\tline 100',
        '101\tline 101',
      ].join('\n'),
    );
    const tail = await readFileTool.execute({ path: 'long.txt', start_line: 119 }, context);
    expect(tail.content).toBe('long.txt (lines 119–120 of 120):\n119\tline 119\n120\tline 120');
  });

  it('cuts a long file and says where to read on', async () => {
    const lines = Array.from({ length: MAX_READ_LINES + 500 }, (_, i) => `row ${i + 1}`).join('\n');
    const { context } = await setup({ 'big.txt': lines });
    const roomy = await readFileTool.execute(
      { path: 'big.txt' },
      { ...context, resultCap: 1_000_000 },
    );
    expect(roomy.content.split('\n')[0]).toBe(
      `big.txt (lines 1–${MAX_READ_LINES} of ${MAX_READ_LINES + 500}):`,
    );
    expect(roomy.content).toContain(`\n${MAX_READ_LINES}\trow ${MAX_READ_LINES}\n`);
    expect(roomy.content).toMatch(
      new RegExp(`read on with start_line ${MAX_READ_LINES + 1}\\.\\]$`),
    );
    // At the loop's default cap, fewer lines, and the note says exactly where to go on.
    const capped = await readFileTool.execute({ path: 'big.txt' }, context);
    expect(capped.content.length).toBeLessThanOrEqual(10_000);
    const last = (capped.details as { endLine: number }).endLine;
    expect(last).toBeGreaterThan(500);
    expect(capped.content).toContain(`\n${String(last).padStart(4)}\trow ${last}\n`);
    expect(capped.content).toMatch(new RegExp(`read on with start_line ${last + 1}\\.\\]$`));
    const next = await readFileTool.execute({ path: 'big.txt', start_line: last + 1 }, context);
    expect(next.content.split('\n')[1]).toBe(`${String(last + 1).padStart(4)}\trow ${last + 1}`);
    const huge = await setup({ 'wide.txt': 'x'.repeat(5000) });
    const wide = await readFileTool.execute({ path: 'wide.txt' }, huge.context);
    expect(wide.content).toContain('… [line cut: 5000 characters]');
  });

  it('refuses a binary file clearly, and a folder, a missing file and bad ranges', async () => {
    const { context } = await setup({ 'img/logo.png': new Uint8Array([137, 80, 78, 71, 0, 0]) });
    expect(await readFileTool.execute({ path: 'img/logo.png' }, context)).toEqual({
      content:
        'img/logo.png is a binary file (6 bytes), not text; read_file shows text files only.',
      isError: true,
    });
    expect(await readFileTool.execute({ path: 'img' }, context)).toMatchObject({
      isError: true,
      content: 'img is a folder. Use list_files to see what is in it.',
    });
    expect(await readFileTool.execute({ path: 'missing.py' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('missing.py does not exist'),
    });
    expect(await readFileTool.execute({ path: '/etc/passwd' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('is an absolute path'),
    });
    const two = await setup({ 'a.txt': 'one\ntwo\n' });
    expect(await readFileTool.execute({ path: 'a.txt', start_line: 5 }, two.context)).toMatchObject(
      {
        isError: true,
        content: 'a.txt has 2 lines; start_line 5 is past the end.',
      },
    );
    expect(
      await readFileTool.execute({ path: 'a.txt', start_line: 2, end_line: 1 }, two.context),
    ).toMatchObject({ isError: true, content: expect.stringContaining('end_line (1) is before') });
  });

  it('an empty file says so', async () => {
    const { context } = await setup({ 'empty.py': '' });
    expect((await readFileTool.execute({ path: 'empty.py' }, context)).content).toBe(
      'empty.py is empty.',
    );
  });
});

describe('search_files', () => {
  const files = {
    'src/parser.py': 'def parse(tokens):\n    return Parser(tokens).run()\n',
    'src/lexer.py': 'class Lexer:\n    def tokens(self):\n        pass\n',
    'tests/test_parser.py':
      'from src.parser import parse\n\ndef test_parse():\n    assert parse([]) is None\n',
    'assets/parse.bin': new Uint8Array([0, 112, 97, 114, 115, 101]),
  };

  it('finds names and lines as path:line: text, case-insensitively by default', async () => {
    const { context } = await setup(files);
    const result = await searchFilesTool.execute({ pattern: 'PARSE' }, context);
    expect(result.content).toBe(
      [
        'Paths matching (3):',
        'assets/parse.bin',
        'src/parser.py',
        'tests/test_parser.py',
        '',
        'Lines matching (5 in 2 files):',
        'src/parser.py:1: def parse(tokens):',
        'src/parser.py:2:     return Parser(tokens).run()',
        'tests/test_parser.py:1: from src.parser import parse',
        'tests/test_parser.py:3: def test_parse():',
        'tests/test_parser.py:4:     assert parse([]) is None',
      ].join('\n'),
    );
  });

  it('regex and case-sensitive search, within a folder, contents only', async () => {
    const { context } = await setup(files);
    const result = await searchFilesTool.execute(
      {
        pattern: '^\\s+def \\w+\\(self\\)',
        regex: true,
        case_sensitive: true,
        path: 'src',
        target: 'contents',
      },
      context,
    );
    expect(result.content).toBe(
      'Lines matching in src/ (1 in 1 file):\nsrc/lexer.py:2:     def tokens(self):',
    );
    const none = await searchFilesTool.execute(
      { pattern: 'Parser', case_sensitive: true, path: 'tests' },
      context,
    );
    expect(none.content).toBe('No path matches in tests/.\n\nNo line matches in tests/.');
  });

  it('a bad regex is an error result that says why', async () => {
    const { context } = await setup(files);
    const result = await searchFilesTool.execute({ pattern: 'parse(', regex: true }, context);
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(
      /^The regular expression is invalid: .*\(.*\. Patterns use RE2 syntax .*fix it, or search for plain text with regex false\.$/,
    );
    // The same text as plain text is fine.
    const plain = await searchFilesTool.execute({ pattern: 'parse(', target: 'contents' }, context);
    expect(plain.content).toContain('tests/test_parser.py:4:     assert parse([]) is None');
  });

  it('caps results, says there are more, and stops reading files once capped', async () => {
    const many: Record<string, string> = {};
    for (let i = 0; i < 40; i++)
      many[`m/file${String(i).padStart(2, '0')}.txt`] = 'needle\nhay\nneedle\n';
    const { context } = await setup(many);
    const result = await searchFilesTool.execute(
      { pattern: 'needle', max_results: 25, target: 'contents' },
      context,
    );
    const lines = result.content.split('\n');
    expect(lines[0]).toBe('Lines matching (25+ in 13 files):');
    expect(lines[1]).toBe('m/file00.txt:1: needle');
    expect(lines[2]).toBe('m/file00.txt:3: needle');
    expect(lines).toHaveLength(1 + 25 + 2);
    expect(lines.at(-1)).toBe(
      '[More lines (25 shown) match. Narrow the pattern or give a folder as path, or raise max_results (up to 500).]',
    );
    expect(result.details).toMatchObject({ capped: true, lines: 25 });
    expect((result.details as { filesRead: number }).filesRead).toBeLessThan(40);
  });

  it('stays under the result cap, saying that more lines match', async () => {
    const long: Record<string, string> = {};
    for (let i = 0; i < 20; i++) long[`l/f${i}.py`] = `needle ${'z'.repeat(150)}\n`.repeat(20);
    const { context } = await setup(long);
    const result = await searchFilesTool.execute(
      { pattern: 'needle', target: 'contents', max_results: 500 },
      context,
    );
    expect(result.content.length).toBeLessThanOrEqual(10_000);
    const shown = (result.details as { lines: number }).lines;
    expect(shown).toBeGreaterThan(20);
    expect(shown).toBeLessThan(400);
    expect(result.content.split('\n').at(-1)).toBe(
      `[More lines (${shown} shown) match. Narrow the pattern or give a folder as path.]`,
    );
  });

  it('a names-only search reads no contents; long lines are cut around the match', async () => {
    const { context } = await setup({
      ...files,
      'wide.txt': `${'a'.repeat(1000)}needle${'b'.repeat(1000)}`,
    });
    const names = await searchFilesTool.execute(
      { pattern: 'lexer', target: 'names' },
      withFiles(context, contentFree(context.files)),
    );
    expect(names.content).toBe('Paths matching (1):\nsrc/lexer.py');
    const wide = await searchFilesTool.execute({ pattern: 'needle', target: 'contents' }, context);
    const line = wide.content.split('\n')[1]!;
    expect(line).toMatch(/^wide\.txt:1: …a+needleb+…$/);
    expect(line.length).toBeLessThan(300);
  });

  it('a missing folder or a file as folder is an error result', async () => {
    const { context } = await setup(files);
    expect(await searchFilesTool.execute({ pattern: 'x', path: 'lib' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('lib does not exist'),
    });
    expect(
      await searchFilesTool.execute({ pattern: 'x', path: 'src/lexer.py' }, context),
    ).toMatchObject({
      isError: true,
    });
  });
});

describe('write_file', () => {
  it('creates a file with its folders; returns the changed paths and a diff against /dev/null', async () => {
    const { context, files } = await setup();
    const result = await writeFileTool.execute(
      { path: 'pkg/mod.py', content: 'x = 1\ny = 2\n' },
      context,
    );
    expect(result).toMatchObject({
      content: 'Created pkg/mod.py (2 lines).',
      changedFiles: ['pkg', 'pkg/mod.py'],
    });
    expect(result.details?.['diff']).toBe(
      '--- /dev/null\n+++ b/pkg/mod.py\n@@ -0,0 +1,2 @@\n+x = 1\n+y = 2\n',
    );
    expect(await text(files, 'pkg/mod.py')).toBe('x = 1\ny = 2\n');
    // What the agent wrote counts as read: it may write again at once.
    const again = await writeFileTool.execute(
      { path: 'pkg/mod.py', content: 'x = 1\ny = 3\n' },
      context,
    );
    expect(again).toMatchObject({
      content: 'Wrote pkg/mod.py (2 lines, +1 −1).',
      changedFiles: ['pkg/mod.py'],
    });
    expect(again.details?.['diff']).toContain('-y = 2\n+y = 3');
  });

  it('refuses to overwrite a file it has not read; nothing is written', async () => {
    const { context, files } = await setup({ 'main.py': MAIN });
    const result = await writeFileTool.execute({ path: 'main.py', content: 'boom' }, context);
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringContaining(
        'main.py exists and you have not read it; nothing was written.',
      ),
    });
    expect(await text(files, 'main.py')).toBe(MAIN);
  });

  it('refuses a file changed by another writer since it was read; the other writer keeps its text', async () => {
    const { context, files } = await setup({ 'main.py': MAIN });
    await readFileTool.execute({ path: 'main.py' }, context);
    await files.write('main.py', `${MAIN}# typed in the editor\n`);
    const result = await writeFileTool.execute(
      { path: 'main.py', content: 'print("agent")\n' },
      context,
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(
      /^main\.py changed since you read it .*nothing was written\. Read it again/,
    );
    expect(await text(files, 'main.py')).toBe(`${MAIN}# typed in the editor\n`);
  });

  it('a file created elsewhere between the look and the write is not overwritten', async () => {
    const { context, files } = await setup();
    const racing: WorkspaceFileAccess = {
      ...context.files,
      workspaceId: context.files.workspaceId,
      list: () => context.files.list(),
      find: (path) => context.files.find(path),
      createFolder: (path) => context.files.createFolder(path),
      move: (from, to) => context.files.move(from, to),
      delete: (path) => context.files.delete(path),
      async write(path, content, options) {
        await files.write(path, 'from Python\n');
        return context.files.write(path, content, options);
      },
    };
    const result = await writeFileTool.execute(
      { path: 'out.txt', content: 'from the agent\n' },
      withFiles(context, racing),
    );
    expect(result).toMatchObject({
      isError: true,
      content: expect.stringContaining('out.txt changed since you read it'),
    });
    expect(await text(files, 'out.txt')).toBe('from Python\n');
  });

  it('bad path, folder, and too large are error results', async () => {
    const { context } = await setup({ 'src/a.py': '' });
    expect(await writeFileTool.execute({ path: 'a/../../x', content: '' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('outside the workspace'),
    });
    expect(await writeFileTool.execute({ path: 'src', content: '' }, context)).toMatchObject({
      isError: true,
      content: 'src is a folder; give a file path.',
    });
    expect(
      await writeFileTool.execute(
        { path: 'big.txt', content: 'x'.repeat(10 * 1024 * 1024 + 1) },
        context,
      ),
    ).toMatchObject({ isError: true, content: expect.stringContaining('over the 10.0 MB limit') });
  });
});

describe('edit_file', () => {
  async function readSetup(content = MAIN) {
    const made = await setup({ 'main.py': content });
    await readFileTool.execute({ path: 'main.py' }, made.context);
    return made;
  }

  it('applies several edits at once; returns the diff and the lines edited', async () => {
    const { context, files } = await readSetup();
    const result = await editFileTool.execute(
      {
        path: 'main.py',
        edits: [
          { old_text: '    print("hello")', new_text: '    print("hello, world")' },
          { old_text: 'import sys\n', new_text: 'import os\nimport sys\n' },
        ],
      },
      context,
    );
    expect(result).toMatchObject({
      content: 'Edited main.py: 2 edits at lines 1, 4 (+2 −1).',
      changedFiles: ['main.py'],
    });
    expect(result.details?.['diff']).toBe(
      [
        '--- a/main.py',
        '+++ b/main.py',
        '@@ -1,6 +1,7 @@',
        '+import os',
        ' import sys',
        ' ',
        ' def main():',
        '-    print("hello")',
        '+    print("hello, world")',
        ' ',
        ' main()',
        '',
      ].join('\n'),
    );
    expect(await text(files, 'main.py')).toBe(
      MAIN.replace('import sys\n', 'import os\nimport sys\n').replace('"hello"', '"hello, world"'),
    );
    // Its own write counts as read: a second edit needs no new read.
    const second = await editFileTool.execute(
      { path: 'main.py', edits: [{ old_text: 'main()\n', new_text: 'main()  # run\n' }] },
      context,
    );
    expect(second.isError).toBeUndefined();
  });

  it('not found: the closest passage, and nothing written', async () => {
    const { context, files } = await readSetup();
    const result = await editFileTool.execute(
      { path: 'main.py', edits: [{ old_text: 'def main():\n  print("hello")', new_text: 'x' }] },
      context,
    );
    expect(result.isError).toBe(true);
    expect(result.content).toBe(
      [
        'Edit 1: old_text was not found in main.py. No edit was applied. The closest passage is lines 3–4: It differs from old_text only in whitespace or indentation.',
        '```',
        'def main():',
        '    print("hello")',
        '```',
        'Copy old_text exactly from the file, including indentation (read it again if unsure).',
      ].join('\n'),
    );
    expect(await text(files, 'main.py')).toBe(MAIN);
  });

  it('found N times, and overlapping edits: error results, nothing written', async () => {
    const { context, files } = await readSetup();
    const twice = await editFileTool.execute(
      { path: 'main.py', edits: [{ old_text: 'main()', new_text: 'run()' }] },
      context,
    );
    expect(twice).toMatchObject({
      isError: true,
      content: expect.stringContaining(
        'Edit 1: old_text was found 2 times in main.py (at lines 3, 6).',
      ),
    });
    const overlap = await editFileTool.execute(
      {
        path: 'main.py',
        edits: [
          { old_text: 'def main():\n    print', new_text: 'def run():\n    print' },
          { old_text: 'print("hello")', new_text: 'print("bye")' },
        ],
      },
      context,
    );
    expect(overlap).toMatchObject({
      isError: true,
      content:
        'Edits 1 and 2 overlap in main.py (at line 4). No edit was applied. Merge them into one edit.',
    });
    expect(await text(files, 'main.py')).toBe(MAIN);
  });

  it('all or nothing: a good edit is not applied when another fails', async () => {
    const { context, files } = await readSetup();
    const result = await editFileTool.execute(
      {
        path: 'main.py',
        edits: [
          { old_text: 'import sys', new_text: 'import os' },
          { old_text: 'print("bye")', new_text: 'print("hi")' },
        ],
      },
      context,
    );
    expect(result.isError).toBe(true);
    expect(result.content).toMatch(
      /^Edit 2: old_text was not found in main\.py\. No edit was applied\./,
    );
    expect(await text(files, 'main.py')).toBe(MAIN);
    expect(context.reads.versionOf('main.py')).toBe(1);
  });

  it('refuses a file it has not read, and one changed since it was read, writing nothing', async () => {
    const unread = await setup({ 'main.py': MAIN });
    const notRead = await editFileTool.execute(
      { path: 'main.py', edits: [{ old_text: 'import sys', new_text: 'import os' }] },
      unread.context,
    );
    expect(notRead).toMatchObject({
      isError: true,
      content: expect.stringContaining('you have not read it'),
    });

    const { context, files } = await readSetup();
    // Python (or the editor, or another tab) writes the file after the agent read it.
    await files.write('main.py', MAIN.replace('hello', 'hello from Python'));
    const stale = await editFileTool.execute(
      { path: 'main.py', edits: [{ old_text: 'import sys', new_text: 'import os' }] },
      context,
    );
    expect(stale).toMatchObject({
      isError: true,
      content: expect.stringMatching(/^main\.py changed since you read it/),
    });
    expect(await text(files, 'main.py')).toBe(MAIN.replace('hello', 'hello from Python'));
    // Read again, the edit goes through.
    await readFileTool.execute({ path: 'main.py' }, context);
    const fresh = await editFileTool.execute(
      { path: 'main.py', edits: [{ old_text: 'import sys', new_text: 'import os' }] },
      context,
    );
    expect(fresh.isError).toBeUndefined();
    expect(await text(files, 'main.py')).toBe(
      MAIN.replace('hello', 'hello from Python').replace('sys', 'os'),
    );
  });

  it('missing, folder and binary files are error results', async () => {
    const { context } = await setup({ 'd/x.bin': new Uint8Array([0, 1]) });
    await readFileTool.execute({ path: 'd/x.bin' }, context);
    const edits = [{ old_text: 'a', new_text: 'b' }];
    expect(await editFileTool.execute({ path: 'nope.py', edits }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('nope.py does not exist. Create it with write_file'),
    });
    expect(await editFileTool.execute({ path: 'd', edits }, context)).toMatchObject({
      isError: true,
    });
    expect(await editFileTool.execute({ path: 'd/x.bin', edits }, context)).toMatchObject({
      isError: true,
      content: 'd/x.bin is a binary file; edit_file changes text files only.',
    });
  });
});

describe('previews for the approval request', () => {
  it('edit_file and write_file show the real diff before anything is written', async () => {
    const { context, files } = await setup({ 'main.py': MAIN });
    await readFileTool.execute({ path: 'main.py' }, context);
    const edit = await editFileTool.preview!(
      { path: 'main.py', edits: [{ old_text: 'import sys', new_text: 'import os' }] },
      context,
    );
    expect(edit).toEqual({
      summary: 'Edit main.py (+1 −1)',
      diff: expect.stringContaining('-import sys\n+import os\n'),
    });
    const created = await writeFileTool.preview!({ path: 'notes.md', content: 'hi\n' }, context);
    expect(created).toEqual({
      summary: 'Create notes.md (+1 −0)',
      diff: '--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1,1 @@\n+hi\n',
    });
    expect(await text(files, 'main.py')).toBe(MAIN);
    expect(await files.find('notes.md')).toBeUndefined();
  });

  it('a call that would fail previews its error', async () => {
    const { context, files } = await setup({ 'main.py': MAIN });
    expect(
      await editFileTool.preview!(
        { path: 'main.py', edits: [{ old_text: 'import sys', new_text: 'import os' }] },
        context,
      ),
    ).toEqual({ summary: 'Edit main.py', error: expect.stringContaining('you have not read it') });
    await readFileTool.execute({ path: 'main.py' }, context);
    await files.write('main.py', 'changed\n');
    expect(await writeFileTool.preview!({ path: 'main.py', content: 'x' }, context)).toEqual({
      summary: 'Write main.py',
      error: expect.stringContaining('changed since you read it'),
    });
  });
});

describe('unsaved text in an editor', () => {
  it('is never overwritten, deleted or moved by a tool', async () => {
    const { context, files } = await setup({ 'src/main.py': MAIN, 'other.py': 'x = 1\n' });
    const dirty = new Set(['src/main.py']);
    const ctx: FileToolContext = { ...context, hasUnsavedEdits: (path) => dirty.has(path) };
    await readFileTool.execute({ path: 'src/main.py' }, ctx);
    const refused = 'src/main.py has unsaved changes in the editor; nothing was written.';
    const edits = [{ old_text: 'import sys', new_text: 'import os' }];
    for (const result of [
      await editFileTool.execute({ path: 'src/main.py', edits }, ctx),
      await writeFileTool.execute({ path: 'src/main.py', content: '' }, ctx),
      await deletePathTool.execute({ path: 'src' }, ctx),
      await movePathTool.execute({ from: 'src', to: 'lib' }, ctx),
    ]) {
      expect(result).toMatchObject({ isError: true, content: expect.stringContaining(refused) });
    }
    expect(await text(files, 'src/main.py')).toBe(MAIN);
    // Saved (not dirty any more), the same edit goes through.
    dirty.clear();
    expect(
      (await editFileTool.execute({ path: 'src/main.py', edits }, ctx)).isError,
    ).toBeUndefined();
  });
});

describe.each(storeKinds)('changed since read, over the $name store', ({ open }) => {
  it('a write between read and edit wins; the agent is told to read again', async () => {
    const store = await open();
    const clock = testClock();
    await store.workspaces.put({ id: 'w', name: 'W', createdAt: 0, updatedAt: 0 });
    const files = new WorkspaceFiles(store.files, 'w', clock);
    await files.write('notes.md', 'first\n');
    const context: FileToolContext = {
      signal: new AbortController().signal,
      update: () => undefined,
      files,
      reads: new ReadTracker(),
    };
    await readFileTool.execute({ path: 'notes.md' }, context);
    await files.write('notes.md', 'second\n', { expectVersion: 1 });
    const result = await editFileTool.execute(
      { path: 'notes.md', edits: [{ old_text: 'first', new_text: 'agent' }] },
      context,
    );
    expect(result.content).toMatch(/^notes\.md changed since you read it/);
    expect((await files.read('notes.md')).content).toBe('second\n');
    store.close();
  });
});

describe('delete_path, move_path, make_dir', () => {
  it('a move reports the old paths as gone and the new ones as changed', async () => {
    const { context } = await setup({ 'src/a.py': '', 'keep.py': '' });
    const result = await movePathTool.execute({ from: 'src', to: 'lib' }, context);
    expect(result.changedFiles?.sort()).toEqual(['lib', 'lib/a.py', 'src', 'src/a.py']);
    expect(result.deletedFiles?.sort()).toEqual(['src', 'src/a.py']);
  });

  it('deletes a folder with everything in it and lists what went', async () => {
    const { context, files } = await setup({ 'a/b.py': '', 'a/c/d.py': '', 'keep.py': '' });
    const result = await deletePathTool.execute({ path: 'a' }, context);
    expect(result).toMatchObject({ content: 'Deleted the folder a and the 3 entries in it.' });
    expect(result.changedFiles?.sort()).toEqual(['a', 'a/b.py', 'a/c', 'a/c/d.py']);
    expect(result.deletedFiles?.sort()).toEqual(['a', 'a/b.py', 'a/c', 'a/c/d.py']);
    expect((await files.list()).map((entry) => entry.path)).toEqual(['keep.py']);
    expect(await deletePathTool.execute({ path: 'a' }, context)).toMatchObject({
      isError: true,
      content: 'a does not exist; nothing was deleted.',
    });
  });

  it('does not delete a file that changed since the agent read it', async () => {
    const { context, files } = await setup({ 'main.py': MAIN });
    await readFileTool.execute({ path: 'main.py' }, context);
    await files.write('main.py', 'changed\n');
    expect(await deletePathTool.execute({ path: 'main.py' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('main.py changed since you read it'),
    });
    expect(await text(files, 'main.py')).toBe('changed\n');
  });

  it('moves a folder; what was read moves along, so the moved file can be edited at once', async () => {
    const { context, files } = await setup({ 'src/main.py': MAIN, 'src/util.py': 'u = 1\n' });
    await readFileTool.execute({ path: 'src/main.py' }, context);
    const result = await movePathTool.execute({ from: 'src', to: 'lib/code' }, context);
    expect(result).toMatchObject({ content: 'Moved src to lib/code.' });
    expect(result.changedFiles).toEqual(
      expect.arrayContaining(['src', 'lib/code', 'src/main.py', 'lib/code/main.py']),
    );
    expect((await files.list()).map((entry) => entry.path)).toEqual([
      'lib',
      'lib/code',
      'lib/code/main.py',
      'lib/code/util.py',
    ]);
    expect(context.reads.versionOf('src/main.py')).toBeUndefined();
    const edit = await editFileTool.execute(
      { path: 'lib/code/main.py', edits: [{ old_text: 'import sys', new_text: 'import os' }] },
      context,
    );
    expect(edit.isError).toBeUndefined();
    // util.py was never read: still needs a read.
    expect(
      (
        await editFileTool.execute(
          { path: 'lib/code/util.py', edits: [{ old_text: 'u', new_text: 'v' }] },
          context,
        )
      ).isError,
    ).toBe(true);
  });

  it('move errors: missing source, taken target, into itself', async () => {
    const { context } = await setup({ 'a/x.py': '', 'b.py': '' });
    expect(await movePathTool.execute({ from: 'nope', to: 'x' }, context)).toMatchObject({
      isError: true,
      content: 'nope does not exist; nothing was moved.',
    });
    expect(await movePathTool.execute({ from: 'a/x.py', to: 'b.py' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('"b.py" already exists.'),
    });
    expect(await movePathTool.execute({ from: 'a', to: 'a/inner' }, context)).toMatchObject({
      isError: true,
      content: expect.stringContaining('cannot be moved into itself'),
    });
  });

  it('make_dir creates folders, accepts an existing one, refuses a file', async () => {
    const { context, files } = await setup({ 'f.txt': '' });
    expect(await makeDirTool.execute({ path: 'x/y' }, context)).toMatchObject({
      content: 'Created the folder x/y.',
      changedFiles: ['x/y'],
    });
    expect((await files.list()).map((entry) => `${entry.path}:${entry.kind}`)).toEqual([
      'f.txt:file',
      'x:folder',
      'x/y:folder',
    ]);
    expect(await makeDirTool.execute({ path: 'x/y' }, context)).toEqual({
      content: 'The folder x/y already exists.',
    });
    expect(await makeDirTool.execute({ path: 'f.txt' }, context)).toMatchObject({ isError: true });
  });
});
