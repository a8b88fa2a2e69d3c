/** The German of ./en-composer-extras-ui.ts. */
import type { UiCatalog } from './catalog';
import type { enComposerExtrasUi } from './en-composer-extras-ui';

export const deComposerExtrasUi = {
  composerMenu: {
    couldNotLoad:
      'Das Menü konnte nicht geladen werden; prüfe die Verbindung und tippe noch einmal',
    couldNotAttach: (name: string, problem: string) =>
      `${name} konnte nicht angehängt werden: ${problem}`,
    mentions: 'Dateien, Ordner und Symbole',
    commands: 'Befehle',
    looking: 'Suche …',
    noMention: 'Keine passende Datei, kein Ordner, kein Symbol',
    noCommand: 'Kein passender Befehl',
  },
  attachFiles: {
    label: 'Dateien anhängen',
    title: 'Bilder, PDF-, DOCX- oder Textdateien anhängen (oder hier einfügen oder ablegen)',
    picker: 'Anzuhängende Dateien',
    reading: 'Anhänge, die gelesen werden',
    readingNote: 'wird gelesen …',
    remove: (name: string) => `${name} entfernen`,
  },
  mcpComposer: {
    couldNotUsePrompt: 'Dieser Prompt konnte nicht verwendet werden',
    attached: 'Angehängte Ressourcen',
    changed: (time: string) => `Vom Server geändert; um ${time} erneut gelesen`,
    updated: 'aktualisiert',
    remove: (name: string) => `${name} entfernen`,
    couldNotAttach: 'Die Ressource konnte nicht angehängt werden',
    menuTitle: 'Eine Ressource anhängen oder einen Prompt deiner MCP-Server verwenden',
    menu: 'MCP-Ressourcen und -Prompts',
    asking: 'Die Server werden gefragt …',
    resources: 'Ressourcen',
    resourcesOf: (server: string) => `Ressourcen von ${server}`,
    attach: (name: string) => `${name} anhängen`,
    templates: 'Ressourcenvorlagen',
    templatesOf: (server: string) => `Ressourcenvorlagen von ${server}`,
    fillIn: (name: string) => `${name} ausfüllen`,
    prompts: 'Prompts',
    promptsOf: (server: string) => `Prompts von ${server}`,
    usePrompt: (name: string) => `Prompt ${name} verwenden`,
  },
} satisfies Pick<UiCatalog, keyof typeof enComposerExtrasUi>;
