import { For } from 'solid-js';
import { isLocale, LOCALE_NAMES, LOCALES } from '../../app/messages/locales';
import { useI18n } from '../common/i18n';

/**
 * Settings → Appearance → Language: the browser's language, or one chosen. Each language is
 * named in itself, so a person who cannot read the current one still finds theirs.
 */
export function LanguagePicker() {
  const i18n = useI18n();
  const { t } = i18n;
  return (
    <>
      <label for="language-select">{t('settings.language')}</label>
      <select
        id="language-select"
        value={i18n.choice() ?? 'browser'}
        onChange={(event) => {
          const value = event.currentTarget.value;
          void i18n.choose(isLocale(value) ? value : undefined);
        }}
      >
        <option value="browser">
          {t('settings.languageBrowser', LOCALE_NAMES[i18n.browserLocale()])}
        </option>
        <For each={LOCALES}>
          {(locale) => (
            <option value={locale} lang={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          )}
        </For>
      </select>
    </>
  );
}
