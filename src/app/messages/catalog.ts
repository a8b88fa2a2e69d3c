/**
 * A language's whole catalog: the UI's words (typed by the English source, ./en-ui.ts) and
 * the error sentences (typed by ./en.ts). German and Chinese are separate chunks, loaded
 * when chosen, so the first load carries English only.
 */
import { en, type ErrorCatalog } from './en';
import type { UiCatalog } from './en-ui';
import { englishUi } from './english-areas';
import type { Locale } from './locales';

/** The UI's words: every language has exactly the keys and the entry types of English. */
export type { UiCatalog };

export interface Catalog {
  readonly locale: Locale;
  readonly ui: UiCatalog;
  /**
   * Error sentences by code. A language may not have worded every code yet; those read in
   * English (./error-coverage.test lists them, so the gap is visible).
   */
  readonly errors: Partial<ErrorCatalog>;
}

/** English: its lazily loaded areas join `ui` as they load (./english-areas.ts). */
export const englishCatalog: Catalog = {
  locale: 'en',
  get ui() {
    return englishUi();
  },
  errors: en,
};

/** The catalog of `locale`: English at once, the others from their own chunk. */
export async function loadCatalog(locale: Locale): Promise<Catalog> {
  switch (locale) {
    case 'de':
      return (await import('./de')).deCatalog;
    case 'zh-CN':
      return (await import('./zh')).zhCatalog;
    default:
      return englishCatalog;
  }
}
