/**
 * What the preview frame may tell the page, checked on arrival. The frame runs the
 * person's page, which can reach the port and post anything on it, so a message that is
 * not one of these shapes is dropped (never read further), and text is bounded.
 */
import { checkPlainData } from '../../base/plain-data';
import { z } from '../../base/schema';

/** Characters of one text field the page accepts; the console cuts again for display. */
const TEXT_LIMIT = 64 * 1024;

const text = z.string().check(z.maxLength(TEXT_LIMIT));
const coordinate = z.number().check(z.gte(0), z.lte(1e7));

const previewMessage = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.literal('console'),
    level: z.enum(['log', 'info', 'warn', 'error', 'debug']),
    text,
  }),
  z.strictObject({ type: z.literal('blocked'), url: text, directive: text }),
  z.strictObject({ type: z.literal('loaded') }),
  z.strictObject({ type: z.literal('scroll'), x: coordinate, y: coordinate }),
  z.strictObject({ type: z.literal('navigate'), href: text }),
]);

/** A message of the preview frame. */
export type PreviewFrameMessage = z.infer<typeof previewMessage>;

/** The message, or undefined when it is not one the page accepts. */
export function parsePreviewMessage(
  data: unknown,
  ports: readonly unknown[],
): PreviewFrameMessage | undefined {
  if (ports.length || checkPlainData(data, { binary: [] })) return undefined;
  const parsed = previewMessage.safeParse(data);
  return parsed.success ? parsed.data : undefined;
}
