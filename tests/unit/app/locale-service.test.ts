import { describe, expect, it } from 'vitest';
import { createLocaleService } from '../../../src/app/locale-service';
import { errorText } from '../../../src/app/messages/describe-error';
import { createPreferencesService } from '../../../src/app/preferences-service';
import { createMemoryStore } from '../../../src/store/memory-store';
import { CoveError } from '../../../src/base/errors';
import { addEnglishArea } from '../../../src/app/messages/english-areas';
import { enSettingsUi } from '../../../src/app/messages/en-settings-ui';
import { readOnlyReason } from '../../../src/app/long-lines';

function setUp(languages: string[]) {
  const store = createMemoryStore();
  const preferences = createPreferencesService(store.settings, (error) => {
    throw error;
  });
  return { store, preferences, locale: createLocaleService(preferences, () => languages) };
}

describe('the locale service', () => {
  it('starts in the browser language Cove speaks', async () => {
    const { locale } = setUp(['zh-CN', 'en']);
    expect(locale.locale()).toBe('en');
    await locale.sync();
    expect(locale.locale()).toBe('zh-CN');
    expect(locale.t('settings.title')).toBe('设置');
  });

  it('applies a chosen language at once and remembers it in the preferences', async () => {
    const { store, preferences, locale } = setUp(['en-US']);
    await locale.sync();
    await locale.choose('de');
    expect(locale.t('composer.send')).toBe('Senden');
    expect(locale.formats().number(1234.5)).toBe('1.234,5');
    const again = createPreferencesService(store.settings, () => undefined);
    await again.load();
    expect(again.preferences().locale).toBe('de');
    await locale.choose(undefined);
    expect(locale.locale()).toBe('en');
    expect(preferences.preferences().locale).toBeUndefined();
  });

  it("shows a lazily loaded area's English once its part of the UI adds it", async () => {
    const { locale } = setUp(['en']);
    await locale.sync();
    addEnglishArea('settings', enSettingsUi);
    expect(locale.t('settings.language')).toBe('Language');
    expect(locale.t('shell.settings')).toBe('Settings');
  });

  it('words errors in the language shown', async () => {
    const { locale } = setUp(['de-DE']);
    await locale.sync();
    const error = new CoveError('model-missing', {});
    expect(errorText(error)).not.toContain('That model');
    await locale.choose('en');
    expect(errorText(error)).toContain('That model is not configured.');
  });

  it("gives text the app builds outside components the language's numbers", async () => {
    const { locale } = setUp(['de-DE']);
    await locale.sync();
    const longLine = `${'x'.repeat(123_456)}\n`;
    expect(readOnlyReason(longLine)).toContain('123.456');
    await locale.choose('en');
    expect(readOnlyReason(longLine)).toContain('123,456');
  });
});
