/**
 * The languages Cove speaks, and which of them a browser's language list asks for. English
 * is the source; the others are catalogs with the same keys, loaded when chosen.
 */

/** A language Cove has a catalog for (a BCP 47 tag, as `<html lang>` and Intl take it). */
export type Locale = 'en' | 'de' | 'zh-CN';

export const LOCALES: readonly Locale[] = ['en', 'de', 'zh-CN'];

/** Each language's name in itself, as a language picker shows it whatever the UI's language. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  de: 'Deutsch',
  'zh-CN': '简体中文',
};

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The first of `languages` (the browser's, in order of preference) that Cove speaks; English
 * when none. Any German is German; any Chinese but a traditional one is Simplified Chinese.
 */
export function matchLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const [language = '', ...rest] = tag.toLowerCase().split('-');
    if (language === 'en') return 'en';
    if (language === 'de') return 'de';
    if (language === 'zh' && !rest.some((part) => ['hant', 'tw', 'hk', 'mo'].includes(part))) {
      return 'zh-CN';
    }
  }
  return 'en';
}
