// Apart from provider-transfer.ts: Settings asks this of a chosen file at once, while the
// export and import themselves load when used (src/llm/provider-file.ts, issue 21).
import { isPassphraseBox } from '../base/passphrase-box';

/** True when `json` is a provider export that carries keys under a passphrase. */
export function hasEncryptedKeys(json: string): boolean {
  try {
    const data = JSON.parse(json) as Record<string, unknown> | null;
    return typeof data === 'object' && data !== null && isPassphraseBox(data['keys']);
  } catch {
    return false;
  }
}
