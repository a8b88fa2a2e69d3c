/**
 * English, assembled: the first screen's words at once, and each lazily loaded area's when
 * its part of the UI loads and adds them (Settings adds `settings`). The other languages
 * are whole catalogs in chunks of their own, so only English needs this.
 */
import { createSignal } from 'solid-js';
import { enFirstScreenUi, type UiCatalog } from './en-ui';

/** An area whose English is loaded with its part of the UI. */
export type LazyArea = Exclude<keyof UiCatalog, keyof typeof enFirstScreenUi>;

const english: Partial<UiCatalog> = { ...enFirstScreenUi };
const [version, setVersion] = createSignal(0);

/** Adds an area's English; a part of the UI calls this as its module loads, before it renders. */
export function addEnglishArea<A extends LazyArea>(area: A, words: UiCatalog[A]): void {
  if (english[area] === words) return;
  english[area] = words;
  setVersion((n) => n + 1);
}

/**
 * The English catalog as loaded so far (an area not loaded yet is absent: nothing shows its
 * words yet). Reactive: reading it follows areas added later.
 */
export function englishUi(): UiCatalog {
  version();
  return english as UiCatalog;
}

/** Counts areas added: a cache of the English words is current while this is unchanged. */
export const englishAreasVersion = version;
