import { applyPatch, parsePatch, reversePatch } from 'diff';

/**
 * The text a file had before a change, from its text now and the change's unified diff
 * (the diff applied in reverse), so a merge view can put the two side by side. Undefined
 * when the diff does not fit the text (the file changed again since) or is not a diff.
 */
export function textBefore(after: string, unifiedDiff: string): string | undefined {
  try {
    const patches = parsePatch(unifiedDiff);
    if (patches.length !== 1 || !patches[0]!.hunks.length) return undefined;
    const before = applyPatch(after, reversePatch(patches[0]!));
    return before === false ? undefined : before;
  } catch {
    return undefined;
  }
}

/**
 * The text after a change, from the text before and the change's unified diff. Undefined
 * when the diff does not fit the text (or is not one diff).
 */
export function textAfter(before: string, unifiedDiff: string): string | undefined {
  try {
    const patches = parsePatch(unifiedDiff);
    if (patches.length !== 1 || !patches[0]!.hunks.length) return undefined;
    const after = applyPatch(before, patches[0]!);
    return after === false ? undefined : after;
  } catch {
    return undefined;
  }
}
