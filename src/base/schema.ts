/**
 * Cove's one schema library: zod's tree-shakable build, set up for Cove's pages. Import `z`
 * from here, never from 'zod' directly.
 *
 * `jitless`: zod would otherwise try `new Function` to compile fast parsers; Cove's
 * Content-Security-Policy forbids eval, so the attempt only fails and files a CSP
 * violation report on every page that parses something. The English messages: the mini
 * build has none of its own, and a refusal has to say what was wrong.
 */
import * as z from 'zod/mini';

z.config({ jitless: true, ...z.locales.en() });

export { z };

/** The first problem zod found, as one short sentence: "at messages[2].type: …". */
export function describeSchemaIssue(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'the value does not have the expected shape';
  const where = issue.path.length ? `at ${formatPath(issue.path)}: ` : '';
  return `${where}${issue.message}`;
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index ? '.' : ''}${String(part)}`,
    )
    .join('');
}
