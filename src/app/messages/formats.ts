/**
 * Numbers, sizes, dates and plurals in a language, through Intl: the one place the UI's
 * formatting knows about locales (no hard-coded 'en-US' elsewhere).
 */

/** The plural forms a catalog entry gives; `other` is required, `#` stands for the number. */
export interface PluralForms {
  zero?: string;
  one?: string;
  two?: string;
  few?: string;
  many?: string;
  other: string;
}

export interface Formats {
  readonly locale: string;
  /** 12345 → "12,345" (en), "12.345" (de). */
  number(n: number): string;
  /** A byte count with a binary unit: "802 bytes", "1.5 MB" (en), "1,5 MB" (de). */
  bytes(n: number): string;
  /** A point in time, date and time, short. */
  dateTime(ms: number): string;
  /** A day, long ("7 December 2026"). */
  date(ms: number): string;
  /** The time of day. */
  time(ms: number): string;
  /** The form of `forms` Intl's plural rules choose for `n`, with `#` as the number. */
  plural(n: number, forms: PluralForms): string;
}

/** Binary multiples, written KB/MB/GB in every language (as Cove always has). */
const MULTIPLES = ['KB', 'MB', 'GB'] as const;

/** Formats in `locale`. Intl's formatters are made once per locale. */
export function makeFormats(locale: string): Formats {
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const dateTimes = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  const days = new Intl.DateTimeFormat(locale, { dateStyle: 'long' });
  const times = new Intl.DateTimeFormat(locale, { timeStyle: 'short' });
  const byteCount = new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'byte',
    unitDisplay: 'long',
    useGrouping: false,
  });
  const tenths = new Intl.NumberFormat(locale, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  });
  return {
    locale,
    number: (n) => numbers.format(n),
    bytes(n) {
      if (n < 1024) return byteCount.format(n);
      let value = n / 1024;
      let index = 0;
      while (value >= 1024 && index < MULTIPLES.length - 1) {
        value /= 1024;
        index += 1;
      }
      return `${tenths.format(value)} ${MULTIPLES[index]}`;
    },
    dateTime: (ms) => dateTimes.format(ms),
    date: (ms) => days.format(ms),
    time: (ms) => times.format(ms),
    plural(n, forms) {
      const form = forms[plurals.select(n)] ?? forms.other;
      return form.replaceAll('#', numbers.format(n));
    },
  };
}
