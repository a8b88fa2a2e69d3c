// @vitest-environment jsdom
import { expect, it } from 'vitest';
import { noChangedFiles, type RunResult } from '../../../src/runtime/python-runtime';
import { unexplainedPackageFailures } from '../../../src/ui/runs/RunResultView';

const offline = 'could not load numpy: offline and not cached (connect once to load it)';

function result(exceptionMessage: string | undefined): RunResult {
  return {
    status: exceptionMessage ? 'error' : 'ok',
    stdout: '',
    stderr: '',
    output: [],
    outputTruncated: false,
    droppedBytes: 0,
    duration: 3,
    changedFiles: noChangedFiles(),
    figures: [],
    packages: { loaded: [], failed: [{ name: 'numpy', message: offline }] },
    ...(exceptionMessage
      ? {
          exception: {
            type: 'ModuleNotFoundError',
            message: exceptionMessage,
            traceback: '',
            frames: [],
            phase: 'run' as const,
          },
        }
      : {}),
  };
}

it('does not list a package failure the exception already explains', () => {
  // `import numpy` offline: the worker adds the reason to the exception's message.
  expect(unexplainedPackageFailures(result(`No module named 'numpy' (${offline})`))).toEqual([]);
});

it('lists a package failure that nothing else explains', () => {
  expect(unexplainedPackageFailures(result(undefined)).map((f) => f.name)).toEqual(['numpy']);
  expect(unexplainedPackageFailures(result('division by zero')).map((f) => f.name)).toEqual([
    'numpy',
  ]);
});
