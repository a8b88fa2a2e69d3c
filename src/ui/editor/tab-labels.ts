import { baseName } from '../../workspace/paths';

/**
 * What tells an open file's tab apart from the others with the same name, as VS Code does:
 * the shortest end of its folder path that no other such tab shares ("src", "…/a/util"),
 * '' for a file at the workspace root, and '' when its name alone is unique. Keyed by path.
 */
export function tabFolderHints(paths: readonly string[]): Map<string, string> {
  const byName = new Map<string, string[]>();
  for (const path of paths) {
    const group = byName.get(baseName(path)) ?? [];
    group.push(path);
    byName.set(baseName(path), group);
  }
  const hints = new Map<string, string>();
  for (const group of byName.values()) {
    const folders = group.map((path) => path.split('/').slice(0, -1));
    group.forEach((path, index) => {
      const folder = folders[index]!;
      if (group.length === 1 || folder.length === 0) return hints.set(path, '');
      const tail = (parts: string[], count: number) => parts.slice(-count).join('/');
      let count = 1;
      while (
        count < folder.length &&
        folders.some((other, j) => j !== index && tail(other, count) === tail(folder, count))
      )
        count++;
      hints.set(path, (count < folder.length ? '…/' : '') + tail(folder, count));
    });
  }
  return hints;
}
