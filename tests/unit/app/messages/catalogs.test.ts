/**
 * Every language has the English UI catalog's keys, no more and no fewer, each the same kind
 * of entry (the type system checks this too: `satisfies UiCatalog`); error sentences not yet
 * translated are counted, so the gap is visible and only shrinks.
 */
import { flatten } from '@solid-primitives/i18n';
import { describe, expect, it } from 'vitest';
import { loadCatalog, type Catalog } from '../../../../src/app/messages/catalog';
import { en } from '../../../../src/app/messages/en';
import { enFirstScreenUi, type UiCatalog } from '../../../../src/app/messages/en-ui';
import { enSettingsUi } from '../../../../src/app/messages/en-settings-ui';
import { enGitExtraUi } from '../../../../src/app/messages/en-git-extra-ui';
import { enMcpSignInUi } from '../../../../src/app/messages/en-mcp-sign-in-ui';
import { enGitUi } from '../../../../src/app/messages/en-git-ui';
import { enQuickOpenUi } from '../../../../src/app/messages/en-quick-open-ui';
import { enSessionsUi } from '../../../../src/app/messages/en-sessions-ui';
import { enTracesUi } from '../../../../src/app/messages/en-traces-ui';
import {
  enKnowledgeUi,
  enLogsUi,
  enPreviewUi,
  enSearchUi,
} from '../../../../src/app/messages/en-panels-ui';
import { enProvidersUi } from '../../../../src/app/messages/en-settings-providers-ui';
import { enSectionsUi } from '../../../../src/app/messages/en-settings-sections-ui';
import { enMcpSettingsUi } from '../../../../src/app/messages/en-settings-mcp-ui';
import { enMoreSettingsUi } from '../../../../src/app/messages/en-settings-more-ui';
import { enStorageSettingsUi } from '../../../../src/app/messages/en-settings-storage-ui';
import { enConversationLazyUi } from '../../../../src/app/messages/conversation-lazy-areas';
import { makeFormats } from '../../../../src/app/messages/formats';

/** Every leaf of a catalog: its key, and its kind with the number of values it takes. */
function leaves(ui: object): Record<string, string> {
  const flat = flatten(ui as Record<string, unknown>) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(flat)
      .filter(([, value]) => typeof value !== 'object')
      .map(([key, value]) => [
        key,
        typeof value === 'function' ? `function/${value.length}` : typeof value,
      ]),
  );
}

/** English with every area loaded. */
const enUi: UiCatalog = {
  ...enFirstScreenUi,
  settings: enSettingsUi,
  ...enConversationLazyUi,
  gitExtra: enGitExtraUi,
  mcpSignIn: enMcpSignInUi,
  git: enGitUi,
  quickOpen: enQuickOpenUi,
  sessions: enSessionsUi,
  traces: enTracesUi,
  knowledge: enKnowledgeUi,
  logs: enLogsUi,
  preview: enPreviewUi,
  search: enSearchUi,
  providers: enProvidersUi,
  sections: enSectionsUi,
  mcpSettings: enMcpSettingsUi,
  moreSettings: enMoreSettingsUi,
  storageSettings: enStorageSettingsUi,
};

/** Error codes with no sentences of their own in a language (read in English), by language. */
const UNTRANSLATED_ERRORS_AT_MOST: Record<string, number> = { de: 81, 'zh-CN': 81 };

describe('the translated catalogs', () => {
  const others: [string, Promise<Catalog>][] = [
    ['de', loadCatalog('de')],
    ['zh-CN', loadCatalog('zh-CN')],
  ];

  it.each(others)('%s has exactly the English keys, each the same kind', async (_, load) => {
    const catalog = await load;
    expect(leaves(catalog.ui)).toEqual(leaves(enUi));
  });

  it.each(others)('%s words every entry, not in English', async (locale, load) => {
    const { ui } = await load;
    const flat = flatten(ui as Record<string, unknown>) as Record<string, unknown>;
    const english = flatten(enUi as Record<string, unknown>) as Record<string, unknown>;
    const formats = makeFormats(locale);
    const sample = (value: unknown) =>
      typeof value === 'function'
        ? String(
            (value as (...args: unknown[]) => unknown)(
              ...Array.from({ length: value.length }, (_, i) => (i === 0 ? formats : 2)),
            ),
          )
        : value;
    const same = Object.keys(flat).filter((key) => {
      const value = flat[key];
      if (typeof value === 'object') return false;
      const text = typeof value === 'function' ? '' : String(value);
      expect(typeof value === 'function' || text.trim().length > 0, key).toBe(true);
      return typeof value === 'string' && value === english[key] && /[a-z]{4}/.test(value);
    });
    // Words that are the same in both languages (Offline, Editor, Terminal, Git) are fine;
    // a sentence left in English is not.
    expect(same.filter((key) => String(flat[key]).includes(' '))).toEqual([]);
    expect(sample(flat['settings.restoredCounts'])).not.toContain('undefined');
  });

  it.each(others)(
    '%s leaves at most the recorded number of error codes in English',
    async (locale, load) => {
      const { errors } = await load;
      const untranslated = Object.keys(en).filter((code) => !Object.hasOwn(errors, code));
      for (const code of Object.keys(errors)) expect(Object.hasOwn(en, code), code).toBe(true);
      expect(untranslated.length).toBeLessThanOrEqual(UNTRANSLATED_ERRORS_AT_MOST[locale]!);
    },
  );
});
