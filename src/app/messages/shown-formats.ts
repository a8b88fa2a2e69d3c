/**
 * The formats of the language shown, for text the app builds outside components (a
 * service's notice, a tab's description): the locale service installs them as a language
 * shows, as it installs the error sentences (./describe-error.ts). English until then.
 */
import { makeFormats, type Formats } from './formats';

let shown: Formats = makeFormats('en');

/** Called by the locale service when a language is shown. */
export function installFormats(formats: Formats): void {
  shown = formats;
}

/** Numbers, sizes and dates in the language shown now. */
export function shownFormats(): Formats {
  return shown;
}
