/**
 * The UI's language: the one chosen in Settings (remembered in the preferences), else the
 * browser's. Its catalog is loaded before it is shown, so a switch applies at once and
 * never shows a half-loaded language; English is always there.
 */
import { createSignal, type Accessor } from 'solid-js';
import { flatten, translator, type Flatten, type Translator } from '@solid-primitives/i18n';
import { englishCatalog, loadCatalog, type Catalog, type UiCatalog } from './messages/catalog';
import { installErrorCatalog } from './messages/describe-error';
import { en } from './messages/en';
import { englishAreasVersion } from './messages/english-areas';
import { makeFormats, type Formats } from './messages/formats';
import { matchLocale, type Locale } from './messages/locales';
import { installFormats } from './messages/shown-formats';
import type { PreferencesService } from './preferences-service';

export interface LocaleService {
  /** The language chosen in Settings; undefined follows the browser. */
  readonly choice: Accessor<Locale | undefined>;
  /** The browser's language, as far as Cove speaks it. */
  readonly browserLocale: Accessor<Locale>;
  /** The language the UI is shown in (its catalog is loaded). */
  readonly locale: Accessor<Locale>;
  /** The UI's words in that language, by dotted key ("settings.title"). */
  readonly t: Translator<Flatten<UiCatalog>>;
  /** Numbers, sizes, dates and plurals in that language. */
  readonly formats: Accessor<Formats>;
  /** Chooses a language (undefined: the browser's); it shows once its catalog is loaded. */
  choose(locale: Locale | undefined): Promise<void>;
  /**
   * Loads the language the preferences and the browser ask for: call after the preferences
   * load, and when they change in another tab.
   */
  sync(): Promise<void>;
}

/**
 * The words of the catalog `shown` gives, flattened to dotted keys; flattened again only when
 * the catalog changes or English gains an area.
 */
function flatWords(shown: () => Catalog): () => Flatten<UiCatalog> {
  let cached: { ui: UiCatalog; version: number; words: Flatten<UiCatalog> } | undefined;
  return () => {
    const ui = shown().ui;
    const version = englishAreasVersion();
    if (cached?.ui !== ui || cached.version !== version) {
      cached = { ui, version, words: flatten(ui) };
    }
    return cached.words;
  };
}

export function createLocaleService(
  preferences: PreferencesService,
  browserLanguages: () => readonly string[],
  load: (locale: Locale) => Promise<Catalog> = loadCatalog,
): LocaleService {
  const shown = (catalog: Catalog) => ({ catalog, formats: makeFormats(catalog.locale) });
  const [current, setCurrent] = createSignal(shown(englishCatalog));
  const words = flatWords(() => current().catalog);
  const choice = () => preferences.preferences().locale;
  const browserLocale = () => matchLocale(browserLanguages());
  /** The last language asked for: a slower load of an earlier choice does not win. */
  let wanted: Locale = 'en';
  const show = async (locale: Locale) => {
    wanted = locale;
    const next = await load(locale);
    if (wanted !== locale) return;
    installErrorCatalog({ ...en, ...next.errors });
    const view = shown(next);
    installFormats(view.formats);
    setCurrent(view);
  };
  const sync = () => show(choice() ?? browserLocale());
  return {
    choice,
    browserLocale,
    locale: () => current().catalog.locale,
    t: translator(words),
    formats: () => current().formats,
    async choose(locale) {
      preferences.setLocale(locale);
      await sync();
    },
    sync,
  };
}

/** A service that always shows `catalog` (English by default): components outside the app (tests). */
export function fixedLocale(catalog: Catalog = englishCatalog): LocaleService {
  const words = flatWords(() => catalog);
  const formats = makeFormats(catalog.locale);
  return {
    choice: () => undefined,
    browserLocale: () => catalog.locale,
    locale: () => catalog.locale,
    t: translator(words),
    formats: () => formats,
    choose: async () => undefined,
    sync: async () => undefined,
  };
}
