import type { Command } from '../../app/commands/command';
import { RUN_KEYS } from '../../app/commands/app-shortcuts';
import type { RunService } from '../../app/run-service';

/**
 * The output panel's buttons by name, for the command palette, each disabled when its
 * button is (Run without a Python file open or while a program runs; Stop with none
 * running) and calling the run service as the button does.
 */
export function runCommands(deps: {
  runs: Pick<RunService, 'busy' | 'runFile' | 'runSelection' | 'stop' | 'restart' | 'clear'>;
  /** The Python file open in the editor, if the active file is one. */
  activePython: () => string | undefined;
  /** The panel's Copy output. */
  copy: () => void;
}): Command[] {
  const { runs } = deps;
  const noPython = () => (deps.activePython() ? undefined : 'Open a Python file (.py) to run it.');
  const running = () => (runs.busy() ? 'A program is running; stop it first.' : undefined);
  return [
    {
      id: 'python.run',
      title: 'Run the current file',
      category: 'Python',
      keys: RUN_KEYS,
      disabledReason: () => noPython() ?? running(),
      run: () => runs.runFile(),
    },
    {
      id: 'python.runSelection',
      title: 'Run selection',
      category: 'Python',
      // In the editor, Ctrl/Cmd+Enter runs the selection when there is one.
      keys: RUN_KEYS,
      disabledReason: () => noPython() ?? running(),
      run: () => runs.runSelection(),
    },
    {
      id: 'python.stop',
      title: 'Stop the run',
      category: 'Python',
      disabledReason: () => (runs.busy() ? undefined : 'No program is running.'),
      run: () => runs.stop(),
    },
    {
      id: 'python.restart',
      title: 'Restart Python',
      category: 'Python',
      run: () => runs.restart(),
    },
    { id: 'output.copy', title: 'Copy output', category: 'Output', run: deps.copy },
    { id: 'output.clear', title: 'Clear output', category: 'Output', run: () => runs.clear() },
  ];
}
