import { describe, expect, it } from 'vitest';
import { completeWord } from '../../../../src/tools/shell/shell-completion';
import { LineEditor, type LineCompletion } from '../../../../src/ui/terminal/line-editor';

const UP = '\x1b[A';
const DOWN = '\x1b[B';
const LEFT = '\x1b[D';
const RIGHT = '\x1b[C';
const HOME = '\x1b[H';
const END = '\x1b[F';

function setup(
  options: {
    history?: string[];
    complete?: (line: string, cursor: number) => LineCompletion;
    columns?: number;
  } = {},
) {
  const history = options.history ?? [];
  const editor = new LineEditor({
    prompt: () => '$ ',
    history: () => history,
    complete: options.complete ?? (() => ({ insert: '', matches: [] })),
    columns: () => options.columns ?? 80,
  });
  editor.start();
  const type = (...keys: string[]) => keys.map((key) => editor.input(key));
  return { editor, type, history };
}

describe('the line editor', () => {
  it('inserts typed text at the cursor and submits the line on Enter', () => {
    const { editor, type } = setup();
    type('e', 'c', 'h', 'o', ' hi');
    expect(editor.state()).toEqual({ line: 'echo hi', cursor: 7 });
    type(HOME, 'x', END, '!');
    expect(editor.state()).toEqual({ line: 'xecho hi!', cursor: 9 });
    const [enter] = type('\r');
    expect(enter).toEqual({ write: '\r\n', submit: 'xecho hi!' });
  });

  it('moves with Left and Right, and deletes with Backspace and Delete', () => {
    const { editor, type } = setup();
    type('abcd', LEFT, LEFT, '\x7f');
    expect(editor.state()).toEqual({ line: 'acd', cursor: 1 });
    type('\x1b[3~');
    expect(editor.state()).toEqual({ line: 'ad', cursor: 1 });
    type(RIGHT, RIGHT, RIGHT);
    expect(editor.state().cursor).toBe(2);
    type(HOME, '\x7f', LEFT);
    expect(editor.state()).toEqual({ line: 'ad', cursor: 0 });
  });

  it('redraws the line after an edit in the middle', () => {
    const { type } = setup();
    type('ac', LEFT);
    const [result] = type('b');
    // Back to the prompt's column, clear, prompt and line, cursor after the "b".
    expect(result!.write).toBe('\r\x1b[J$ abc\r\x1b[4C');
  });

  it('walks the history with Up and Down, keeping the line being typed', () => {
    const { editor, type } = setup({ history: ['ls', 'cat a.txt'] });
    type('ec');
    type(UP);
    expect(editor.state()).toEqual({ line: 'cat a.txt', cursor: 9 });
    type(UP);
    expect(editor.state().line).toBe('ls');
    expect(type(UP)[0]!.write).toBe(''); // the oldest: nothing above it
    type(DOWN, DOWN);
    expect(editor.state()).toEqual({ line: 'ec', cursor: 2 });
    type(UP, 'x', '\r');
    expect(editor.state().line).toBe('cat a.txtx');
  });

  it('Ctrl+C abandons the line and starts a new one', () => {
    const { editor, type } = setup();
    type('rm -rf');
    const [result] = type('\x03');
    expect(result).toEqual({ write: '^C\r\n$ ' });
    expect(editor.state()).toEqual({ line: '', cursor: 0 });
  });

  it('Ctrl+L clears the screen and draws the line again', () => {
    const { editor, type } = setup();
    type('ls');
    expect(type('\x0c')[0]!.write).toBe('\x1b[H\x1b[2J\x1b[3J\r$ ls');
    expect(editor.state().line).toBe('ls');
  });

  it('Ctrl+U and Ctrl+K cut before and after the cursor', () => {
    const { editor, type } = setup();
    type('one two', LEFT, LEFT, LEFT, '\x0b');
    expect(editor.state()).toEqual({ line: 'one ', cursor: 4 });
    type('\x15');
    expect(editor.state()).toEqual({ line: '', cursor: 0 });
  });

  it('submits pasted text at its first line break and hands back the lines after it', () => {
    const { editor } = setup();
    const result = editor.input('echo pasted\nsecond line');
    expect(result.submit).toBe('echo pasted');
    expect(result.rest).toBe('second line');
    // Windows line ends count as one break; the rest goes on line by line.
    editor.start();
    const crlf = editor.input('ls\r\necho a\r\necho b\r\n');
    expect([crlf.submit, crlf.rest]).toEqual(['ls', 'echo a\r\necho b\r\n']);
    editor.start();
    const next = editor.input(crlf.rest!);
    expect([next.submit, next.rest]).toEqual(['echo a', 'echo b\r\n']);
    editor.start();
    const last = editor.input(next.rest!);
    expect([last.submit, last.rest]).toEqual(['echo b', undefined]);
  });

  it('moves across rows when the line wraps', () => {
    const { type } = setup({ columns: 10 });
    type('0123456789AB'); // "$ " + 12 characters: two rows
    const [home] = type(HOME);
    expect(home!.write).toBe('\x1b[1A\r\x1b[2C');
  });

  it('Tab completes one match and lists several', () => {
    const entries = [
      { path: 'main.py', folder: false },
      { path: 'src', folder: true },
      { path: 'src/util.py', folder: false },
      { path: 'src/utils.py', folder: false },
    ];
    const complete = (line: string, cursor: number) =>
      completeWord(line, cursor, { cwd: '/workspace', entries, commands: ['cat', 'cd', 'ls'] });
    const { editor, type } = setup({ complete });
    type('cat ma', '\t');
    expect(editor.state().line).toBe('cat main.py ');
    type('s', '\t');
    expect(editor.state().line).toBe('cat main.py src/');
    const [, listed] = type('u', '\t');
    expect(editor.state().line).toBe('cat main.py src/util');
    expect(listed!.write).toContain('\r\nutil.py  utils.py\r\n');
  });
});

describe('completion of a word', () => {
  const entries = [
    { path: 'data', folder: true },
    { path: 'data/in.csv', folder: false },
    { path: 'loop.py', folder: false },
    { path: '.hidden', folder: false },
  ];
  const at = (line: string, cwd = '/workspace') =>
    completeWord(line, line.length, { cwd, entries, commands: ['ls', 'python', 'pip'] });

  it('completes command names in command position', () => {
    expect(at('py')).toEqual({ insert: 'thon ', matches: [] });
    expect(at('ls | p')).toEqual({ insert: '', matches: ['pip', 'python'] });
    expect(at('expo')).toEqual({ insert: 'rt ', matches: [] });
    expect(at('ex')).toEqual({ insert: '', matches: ['exit', 'export'] });
  });

  it('completes paths relative to the folder, and from ~ and ..', () => {
    expect(at('python lo')).toEqual({ insert: 'op.py ', matches: [] });
    expect(at('cat ../lo', '/workspace/data')).toEqual({ insert: 'op.py ', matches: [] });
    expect(at('cat i', '/workspace/data')).toEqual({ insert: 'n.csv ', matches: [] });
    expect(at('cat ~/da')).toEqual({ insert: 'ta/', matches: [] });
    expect(at('cat ./data/')).toEqual({ insert: 'in.csv ', matches: [] });
  });

  it('escapes what the shell would read specially, and reads escaped words', () => {
    const spaced = [
      { path: 'my notes.txt', folder: false },
      { path: 'my (old) notes.txt', folder: false },
    ];
    const complete = (line: string) =>
      completeWord(line, line.length, { cwd: '/workspace', entries: spaced, commands: [] });
    expect(complete('cat my\\ n')).toEqual({ insert: 'otes.txt ', matches: [] });
    expect(complete('cat my')).toEqual({
      insert: '\\ ',
      matches: ['my (old) notes.txt', 'my notes.txt'],
    });
    expect(complete('cat my\\ \\(')).toEqual({ insert: 'old\\)\\ notes.txt ', matches: [] });
  });

  it('hides dot files unless a dot is typed, and offers nothing outside the workspace', () => {
    expect(at('cat ').matches).toEqual(['data/', 'loop.py']);
    expect(at('cat .h')).toEqual({ insert: 'idden ', matches: [] });
    expect(at('cat /etc/pa')).toEqual({ insert: '', matches: [] });
  });
});
