import { rasterDataUrl } from '../../base/raster-image';
import type { ToolImage, ToolResult } from '../tool';
import { excerpt, formatSeconds, shareBudget } from './tool-output';
import type { PythonToolChangedFiles, PythonToolRunResult } from './python-tool-runner';
import { workspaceTraceback } from './traceback-text';

/** How a run ended, in the words the model and the timeline use. */
export type PythonRunOutcome = 'ok' | 'error' | 'timeout' | 'stopped';

/** The runtime's status as the tool reports it: Stop is `stopped`, a crash an `error`. */
export function runOutcome(status: PythonToolRunResult['status']): PythonRunOutcome {
  if (status === 'killed') return 'stopped';
  if (status === 'crashed') return 'error';
  return status;
}

/** Every workspace path the run wrote or deleted, sorted, including conflict copies. */
export function changedPaths(changed: PythonToolChangedFiles): string[] {
  const paths = new Set([...changed.written, ...changed.deleted]);
  for (const conflict of changed.conflicts) if (conflict.copy) paths.add(conflict.copy);
  return [...paths].sort();
}

/** Lines about the files a run changed, for the model; empty when it changed none. */
function describeChanges(changed: PythonToolChangedFiles): string[] {
  const lines: string[] = [];
  if (changed.error) lines.push(`Files the run wrote were NOT saved: ${changed.error}`);
  if (changed.written.length) lines.push(`Files written: ${changed.written.join(', ')}`);
  if (changed.deleted.length) lines.push(`Files deleted: ${changed.deleted.join(', ')}`);
  for (const conflict of changed.conflicts) {
    lines.push(
      conflict.kind === 'edited-during-run'
        ? `${conflict.path} was edited during the run: the edit is kept, the run's version saved as ${conflict.copy}.`
        : conflict.kind === 'deleted-during-run'
          ? `${conflict.path} was deleted during the run: the run's version was restored.`
          : `${conflict.path} was edited during the run, so it was kept although the run deleted it.`,
    );
  }
  for (const skipped of changed.skipped)
    lines.push(`Not saved: ${skipped.path} (${skipped.reason})`);
  return lines;
}

/**
 * A finished run as a tool result: status line, stdout, stderr, traceback, changed files
 * and figures (as images, for models that can see), with the output cut to `budget`
 * characters so the whole result stays under the loop's cap. `details` carries the same
 * facts for the timeline.
 */
export function pythonRunReport(
  run: PythonToolRunResult,
  options: { budget: number; timeoutMs: number; label: string },
): ToolResult {
  const outcome = runOutcome(run.status);
  const traceback = run.exception ? workspaceTraceback(run.exception.traceback) : '';
  const [outBudget, errBudget, tbBudget] = shareBudget(
    [run.stdout.length, run.stderr.length, traceback.length],
    options.budget,
  );
  let status = `${options.label}: ${outcome} in ${formatSeconds(run.duration)}`;
  if (run.exception) status += ` (${run.exception.type}: ${run.exception.message})`;
  else if (run.exitCode !== undefined && run.exitCode !== 0)
    status += ` (exit code ${run.exitCode})`;
  const sections = [status];
  if (outcome === 'timeout') {
    sections.push(
      `Stopped at the time limit of ${formatSeconds(options.timeoutMs)}. Make the code faster, or run it again with a larger timeout_seconds.`,
    );
  } else if (outcome === 'stopped') {
    sections.push('The user stopped the run; output up to that point is below.');
  } else if (run.message && run.status !== 'ok') {
    sections.push(run.message);
  }
  if (run.stdout) sections.push(`stdout:\n${excerpt(run.stdout, outBudget!)}`);
  if (run.stderr) sections.push(`stderr:\n${excerpt(run.stderr, errBudget!)}`);
  if (!run.stdout && !run.stderr) sections.push('(no output)');
  if (run.outputTruncated)
    sections.push('The run printed more than the runtime keeps; the rest was dropped.');
  if (traceback) sections.push(`Traceback:\n${excerpt(traceback, tbBudget!)}`);
  sections.push(...describeChanges(run.changedFiles));
  // Only figures whose bytes are the image they claim (the sandbox's channel checks this
  // already; a tool result goes to a model and to the chip, so it is checked where it is made).
  const images: ToolImage[] = run.figures.flatMap((figure, i) => {
    const url = rasterDataUrl(figure.bytes, figure.mimeType);
    return url ? [{ url, alt: `Figure ${i + 1} of ${run.figures.length} from the run` }] : [];
  });
  if (images.length) sections.push(`Figures: ${images.length} (attached as images).`);
  const changedFiles = changedPaths(run.changedFiles);
  const result: ToolResult = {
    content: sections.join('\n\n'),
    details: {
      status: outcome,
      duration: run.duration,
      stdout: run.stdout,
      stderr: run.stderr,
      ...(run.exception ? { traceback } : {}),
      ...(run.exitCode !== undefined ? { exitCode: run.exitCode } : {}),
      figures: images.length,
    },
  };
  if (outcome !== 'ok') result.isError = true;
  if (images.length) result.images = images;
  if (changedFiles.length) result.changedFiles = changedFiles;
  if (run.changedFiles.deleted.length) result.deletedFiles = [...run.changedFiles.deleted].sort();
  return result;
}
