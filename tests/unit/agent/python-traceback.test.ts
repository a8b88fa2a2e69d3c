import { describe, expect, it } from 'vitest';
import {
  innermostWorkspaceFrame,
  tracebackLocations,
  workspaceRelative,
} from '../../../src/agent/python-traceback';

const nested = [
  'Traceback (most recent call last):',
  '  File "/workspace/main.py", line 9, in <module>',
  '    outer()',
  '  File "/workspace/main.py", line 6, in outer',
  '    inner()',
  '  File "/workspace/pkg/util.py", line 2, in inner',
  '    json.loads("{")',
  '  File "/lib/python3.12/json/__init__.py", line 346, in loads',
  '    return _default_decoder.decode(s)',
  'json.decoder.JSONDecodeError: Expecting property name',
].join('\n');

describe('python tracebacks in a message', () => {
  it('reads every frame line, outermost first', () => {
    expect(tracebackLocations(nested).map((l) => `${l.name}@${l.line}`)).toEqual([
      '<module>@9',
      'outer@6',
      'inner@2',
      'loads@346',
    ]);
  });

  it('the innermost frame in a workspace file is where the person’s code failed', () => {
    expect(innermostWorkspaceFrame(nested)).toEqual({
      file: 'pkg/util.py',
      line: 2,
      name: 'inner',
    });
  });

  it('of chained exceptions, the last traceback counts', () => {
    const chained = [
      'Traceback (most recent call last):',
      '  File "/workspace/a.py", line 3, in first',
      'KeyError: 1',
      '',
      'During handling of the above exception, another exception occurred:',
      '',
      'Traceback (most recent call last):',
      '  File "/workspace/a.py", line 8, in second',
      'ValueError: 2',
    ].join('\n');
    expect(innermostWorkspaceFrame(chained)?.name).toBe('second');
  });

  it('no traceback, or none in the workspace, gives nothing', () => {
    expect(innermostWorkspaceFrame('Explain the function greet')).toBeUndefined();
    expect(
      innermostWorkspaceFrame(
        '  File "<string>", line 1, in <module>\n  File "/lib/x.py", line 2, in f',
      ),
    ).toBeUndefined();
  });

  it('maps paths into the workspace and refuses those outside it', () => {
    expect(workspaceRelative('/workspace/a/b.py')).toBe('a/b.py');
    expect(workspaceRelative('b.py')).toBe('b.py');
    expect(workspaceRelative('/usr/lib/b.py')).toBeUndefined();
    expect(workspaceRelative('<frozen runpy>')).toBeUndefined();
    expect(workspaceRelative('../escape.py')).toBeUndefined();
    expect(workspaceRelative('C:\\Users\\me\\b.py')).toBeUndefined();
  });
});
