/** A new random identifier (UUID v4). Needs a secure context in browsers (https or localhost). */
export function newId(): string {
  return crypto.randomUUID();
}
