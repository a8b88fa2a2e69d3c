/** Whether the live preview can show a file: an HTML page (`.html`, `.htm`). */
export function isPreviewable(path: string): boolean {
  return /\.html?$/i.test(path);
}
