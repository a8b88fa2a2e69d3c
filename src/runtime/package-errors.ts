/**
 * Turning Pyodide's package-loading failures into sentences. loadPackage does not throw
 * when a download fails; it reports through a callback and the package is simply missing.
 * Cove then asks the index for the file once, to tell "offline" from "not there".
 */

/** What asking the index for a package file showed. */
export type PackageProbe =
  | { kind: 'unreachable' }
  | { kind: 'missing'; status: number }
  | { kind: 'not-a-package'; contentType: string }
  | { kind: 'http-error'; status: number }
  | { kind: 'available' };

/**
 * Asks for `url` and classifies the answer. A 200 with an HTML page is "missing": static
 * servers and dev servers answer unknown paths with the app's index.html.
 */
export async function probePackageUrl(url: string, fetchFn: typeof fetch): Promise<PackageProbe> {
  let response: Response;
  try {
    response = await fetchFn(url, { method: 'GET', cache: 'no-store' });
  } catch {
    return { kind: 'unreachable' };
  }
  try {
    await response.body?.cancel();
  } catch {
    // Only the headers matter.
  }
  if (response.status === 404 || response.status === 410) {
    return { kind: 'missing', status: response.status };
  }
  if (!response.ok) return { kind: 'http-error', status: response.status };
  const contentType = response.headers.get('content-type') ?? '';
  if (contentType.includes('text/html')) return { kind: 'not-a-package', contentType };
  return { kind: 'available' };
}

/**
 * The sentence for a package that could not be loaded, e.g. "could not load numpy:
 * offline and not cached" or "could not load numpy: not available from
 * https://example.org/pyodide/". `detail` is Pyodide's own message, used when the file
 * was there but loading still failed (an integrity mismatch, a broken wheel).
 */
export function describePackageFailure(input: {
  name: string;
  indexUrl: string;
  probe: PackageProbe;
  online: boolean;
  detail?: string;
}): string {
  const { name, indexUrl, probe } = input;
  switch (probe.kind) {
    case 'unreachable':
      return input.online
        ? `could not load ${name}: ${indexUrl} could not be reached and the package is not cached (check the connection or the package index setting)`
        : `could not load ${name}: offline and not cached (connect once to load it; it is kept for offline use afterwards)`;
    case 'missing':
    case 'not-a-package':
      return `could not load ${name}: not available from ${indexUrl}`;
    case 'http-error':
      return `could not load ${name}: ${indexUrl} answered HTTP ${probe.status}`;
    case 'available':
      return `could not load ${name}: ${firstLine(input.detail) || 'the download failed'}`;
  }
}

function firstLine(text: string | undefined): string {
  return (text ?? '').split('\n')[0]!.trim();
}
