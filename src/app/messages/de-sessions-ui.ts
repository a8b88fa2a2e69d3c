/** The German of the conversations list and tree (the keys of ./en-sessions-ui.ts). */
import type { UiCatalog } from './catalog';
import type { Formats } from './formats';

export const deSessionsUi = {
  label: 'Unterhaltungen',
  renameTitle: 'Unterhaltung umbenennen',
  titleLabel: 'Titel',
  rename: 'Umbenennen',
  deleteTitle: (title: string) => `„${title}“ löschen?`,
  deleteText:
    'Die Unterhaltung und alle ihre Nachrichten, jeder Zweig eingeschlossen, werden gelöscht. „Rückgängig“ holt sie vollständig zurück, ebenso „Wiederherstellen“ unter „Kürzlich gelöscht“ für 30 Tage.',
  deleteConversation: 'Unterhaltung löschen',
  search: 'Unterhaltungen durchsuchen',
  searchPlaceholder: 'Titel und Nachrichten durchsuchen',
  newChat: 'Neuer Chat',
  newAgent: 'Neue Agentensitzung',
  import: 'Importieren …',
  searching: 'Suche läuft …',
  matching: (shown: string, total: string) => `${shown} von ${total} Unterhaltungen passen`,
  none: 'In diesem Arbeitsbereich gibt es noch keine Unterhaltungen.',
  agentSession: 'Agentensitzung',
  chatSession: 'Chatsitzung',
  agent: 'Agent',
  chat: 'Chat',
  star: 'Markieren',
  unstar: 'Markierung entfernen',
  starTitle: 'Markieren (bleibt oben)',
  moreActions: 'Weitere Aktionen',
  moreTitle: 'Duplizieren, exportieren, löschen',
  actionsFor: (title: string) => `Aktionen für ${title}`,
  duplicate: 'Duplizieren',
  exportMarkdown: 'Als Markdown exportieren',
  exportJson: 'Als JSON exportieren',
  delete: 'Löschen …',
  branchOf: (title: string) => `Zweig von „${title}“`,
  deleteForGoodTitle: (name: string) => `„${name}“ endgültig löschen?`,
  deleteSessionForGood:
    'Die Unterhaltung, ihre Nachrichten, Abläufe und Datei-Checkpoints werden jetzt gelöscht und lassen sich nicht zurückholen.',
  deleteBranchForGood:
    'Die Nachrichten dieses Zweigs werden jetzt gelöscht und lassen sich nicht zurückholen.',
  deleteForGood: 'Endgültig löschen',
  recentlyDeletedCount: (count: string) => `Kürzlich gelöscht (${count})`,
  keptFor: 'Wird nach dem Löschen 30 Tage aufbewahrt, dann endgültig gelöscht.',
  recentlyDeleted: 'Kürzlich gelöscht',
  deletedForGoodOn: (day: string) => `Wird am ${day} endgültig gelöscht`,
  deletedMeta: (f: Formats, messages: number, when: string) =>
    `${f.plural(messages, { one: '# Nachricht', other: '# Nachrichten' })} · gelöscht ${when}`,
  restore: 'Wiederherstellen',
  restoreName: (name: string) => `${name} wiederherstellen`,
  deleteNow: 'Jetzt löschen',
  deleteNameNow: (name: string) => `${name} jetzt löschen`,
  treeReadFailed: 'Der Unterhaltungsbaum konnte nicht gelesen werden',
  deleteBranchTitle: 'Diesen Zweig löschen?',
  deleteBranchText: (label: string, count: string) =>
    `„${label}“ und alles danach (${count} Nachrichten hier und jeder Zweig darunter) werden gelöscht. Die Unterhaltung zeigt dann einen benachbarten Zweig. „Rückgängig“ oder „Wiederherstellen“ unter „Kürzlich gelöscht“ (30 Tage lang) holt ihn zurück.`,
  deleteBranch: 'Zweig löschen',
  treeEntry: (f: Formats, label: string, count: number, shown: boolean) =>
    `${label} (${f.plural(count, { one: '# Nachricht', other: '# Nachrichten' })}${shown ? ', angezeigt' : ''})`,
  tree: 'Unterhaltungsbaum',
  treeHelp:
    'Wähle einen Zweig, um seine neueste Unterhaltung zu zeigen. Hervorgehoben: die jetzt angezeigte.',
  treeEmpty: 'Noch keine Nachrichten in dieser Unterhaltung.',
} satisfies UiCatalog['sessions'];
