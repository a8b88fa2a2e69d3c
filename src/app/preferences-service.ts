import { createSignal, type Accessor } from 'solid-js';
import type { SettingsStore } from '../store/settings-store';
import { isLocale, type Locale } from './messages/locales';

export type ThemeChoice = 'system' | 'light' | 'dark';

/** Sizes in pixels; collapsed panels keep their size for when they reopen. */
export interface LayoutPreferences {
  sidebarWidth: number;
  assistantWidth: number;
  outputHeight: number;
  sidebarCollapsed: boolean;
  assistantCollapsed: boolean;
  outputCollapsed: boolean;
}

export interface Preferences {
  theme: ThemeChoice;
  layout: LayoutPreferences;
  /** The UI's language as chosen in Settings; absent, it follows the browser's. */
  locale?: Locale;
}

export const DEFAULT_PREFERENCES: Preferences = {
  theme: 'system',
  layout: {
    sidebarWidth: 260,
    assistantWidth: 360,
    outputHeight: 260,
    sidebarCollapsed: false,
    assistantCollapsed: false,
    outputCollapsed: false,
  },
};

const KEY = 'ui.preferences';

export interface PreferencesService {
  readonly preferences: Accessor<Preferences>;
  setTheme(theme: ThemeChoice): void;
  /** Chooses the UI's language; undefined follows the browser's. */
  setLocale(locale: Locale | undefined): void;
  updateLayout(patch: Partial<LayoutPreferences>): void;
  /** Loads stored preferences (call once at start) and follows changes from other tabs. */
  load(): Promise<void>;
}

/** UI preferences, persisted in settings and shared live by all tabs. */
export function createPreferencesService(
  settings: SettingsStore,
  onError: (e: unknown) => void,
): PreferencesService {
  const [preferences, setPreferences] = createSignal<Preferences>(DEFAULT_PREFERENCES);
  const save = (next: Preferences) => {
    setPreferences(next);
    settings.set(KEY, next).catch(onError);
  };
  return {
    preferences,
    setTheme: (theme) => save({ ...preferences(), theme }),
    setLocale(locale) {
      const { locale: _previous, ...rest } = preferences();
      save(locale ? { ...rest, locale } : rest);
    },
    updateLayout: (patch) =>
      save({ ...preferences(), layout: { ...preferences().layout, ...patch } }),
    async load() {
      const stored = await settings.get<Partial<Preferences>>(KEY);
      if (stored) {
        setPreferences({
          theme: stored.theme ?? DEFAULT_PREFERENCES.theme,
          layout: { ...DEFAULT_PREFERENCES.layout, ...stored.layout },
          ...(isLocale(stored.locale) ? { locale: stored.locale } : {}),
        });
      }
    },
  };
}
