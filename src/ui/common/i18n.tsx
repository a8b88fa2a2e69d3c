/**
 * The UI's language, for every component: `useI18n()` gives the translator and the formats
 * of the language shown. Words come from the catalog (src/app/messages/en-ui.ts and its
 * translations), never from literals in JSX (tests/unit/ui/no-literal-text.test.ts).
 */
import { createContext, createEffect, on, useContext, type JSX } from 'solid-js';
import { fixedLocale, type LocaleService } from '../../app/locale-service';

// Outside a provider (a component rendered alone, in a test) the UI speaks English.
const I18nContext = createContext<LocaleService>(fixedLocale());

/**
 * Gives `service` to the components inside, keeps `<html lang>` on the language shown, and
 * follows a language chosen in another tab.
 */
export function I18nProvider(props: { service: LocaleService; children: JSX.Element }) {
  const service = props.service;
  createEffect(() => {
    document.documentElement.lang = service.locale();
  });
  createEffect(
    on(
      () => service.choice() ?? service.browserLocale(),
      () => void service.sync(),
      { defer: true },
    ),
  );
  return <I18nContext.Provider value={service}>{props.children}</I18nContext.Provider>;
}

/** The language service of the provider above (English without one). */
export function useI18n(): LocaleService {
  return useContext(I18nContext);
}
