/**
 * The error sentences in German, by code (the English is ./en.ts and its parts). Codes not
 * here yet read in English; tests/unit/app/messages/catalogs.test.ts counts how many remain.
 * A `problem`, `detail` or `problemHint` param is English from a shared check and is shown
 * as it is.
 */
import type { ErrorCatalog } from './en';
import { text, type ErrorParams } from './wording';

const WHOLE_TOKENS = 'Leer lassen, um den Standardwert zu verwenden.';

function usualBaseURL(p: ErrorParams): string {
  const baseURL = text(p, 'presetBaseURL');
  return baseURL
    ? `Für ${text(p, 'presetLabel') ?? 'diesen Anbieter'} lautet sie meist ${baseURL}.`
    : 'Gib die Adresse der OpenAI-kompatiblen API an; sie endet meist auf /v1.';
}

const urlSetting = (p: ErrorParams) =>
  text(p, 'field') === 'lock-file' ? 'der Lock-Datei' : 'des Paketindex';

/** The `detail` param as given, even when empty; undefined when there is none. */
function detailOf(p: ErrorParams): string | undefined {
  const detail = p['detail'];
  return detail === undefined ? undefined : String(detail);
}

export const deErrors: Partial<ErrorCatalog> = {
  'mcp-invalid-sign-in': (p) => {
    const fromOwner =
      'Gib ein, was der Autorisierungsserver für diesen Client ausgestellt hat (sein Betreiber oder seine Verwaltungskonsole hat es).';
    switch (text(p, 'field')) {
      case 'client-id':
        return { message: 'Client-Anmeldedaten brauchen eine Client-ID.', hint: fromOwner };
      case 'secret':
        return { message: 'Client-Anmeldedaten brauchen das Client-Secret.', hint: fromOwner };
      case 'algorithm':
        return {
          message: 'Wähle den Algorithmus, mit dem der private Schlüssel signiert.',
          hint: 'Es ist der, den der Autorisierungsserver für diesen Client erwartet (RS256 für einen RSA-Schlüssel, ES256 für einen P-256-Schlüssel).',
        };
      default:
        return p['variant'] === 'format'
          ? {
              message: 'Der private Schlüssel ist weder ein privater PEM-Schlüssel noch ein JWK.',
              hint: 'Füge den ganzen Schlüssel ein: von -----BEGIN PRIVATE KEY----- bis zu seiner END-Zeile (PKCS #8), oder den JWK als JSON.',
            }
          : {
              message:
                'Client-Anmeldedaten mit signiertem Schlüssel brauchen den privaten Schlüssel.',
              hint: fromOwner,
            };
    }
  },
  'mcp-client-credentials': (p) => {
    const server = text(p, 'server') ?? 'dem MCP-Server';
    const host = text(p, 'host') ?? 'des Autorisierungsservers';
    const proof = text(p, 'kind') === 'private-key-jwt' ? 'den signierten Schlüssel' : 'das Secret';
    const words = detailOf(p);
    const quoted = words === undefined ? '.' : `: ${words}`;
    switch (p['variant']) {
      case 'no-token-endpoint':
        return {
          message: `Die Anmeldung bei ${server} mit Client-Anmeldedaten ist fehlgeschlagen: Es wurde kein Token-Endpunkt gefunden (${host} veröffentlicht keine OAuth-Metadaten, die einen nennen).`,
          hint: 'Prüfe die URL des Servers; stimmt sie, nimmt der Server keine Client-Anmeldedaten an: Melde dich im Browser an oder nutze einen Bearer-Token-Header.',
        };
      case 'bad-key':
        return {
          message: `Cove konnte mit dem privaten Schlüssel nicht signieren (${text(p, 'algorithm') ?? 'gewählter Algorithmus'})${quoted}`,
          hint: 'Prüfe, dass es ein privater Schlüssel ist (PKCS #8 PEM oder JWK), passend zum Algorithmus (RS/PS: RSA, ES: EC, EdDSA: Ed25519).',
        };
      case 'issuer':
        return {
          message: `${server} nennt jetzt einen anderen Autorisierungsserver als den, mit dem diese Client-Anmeldedaten verwendet wurden; Cove sendet sie dort nicht hin.`,
          hint: 'Ist der Server wirklich umgezogen, speichere die Anmeldeeinstellungen neu mit einem dort registrierten Client.',
        };
      default:
        return {
          message: `Der Token-Endpunkt von ${host} hat die Client-ID und ${proof} abgelehnt${quoted}`,
          hint: `Prüfe Client-ID und ${proof} in den Anmeldeeinstellungen des Servers, und ob dieser Client den client_credentials-Grant nutzen darf.`,
        };
    }
  },
  'mcp-template-values': (p) => {
    const template = text(p, 'template');
    return {
      message: `Die Ressource${template ? ` ${template}` : ''} braucht noch ${text(p, 'missing') ?? 'weitere Werte'}.`,
      hint: 'Fülle jedes Feld der Vorlage aus und hänge sie dann an.',
    };
  },
  'provider-name': (p) =>
    p['reason'] === 'taken'
      ? {
          message: `Ein anderer Anbieter heißt bereits „${text(p, 'name') ?? ''}“.`,
          hint: 'Wähle einen anderen Namen, damit die Modellauswahl die beiden unterscheiden kann.',
        }
      : {
          message: 'Der Anbieter braucht einen Namen.',
          hint: 'Gib einen unterscheidbaren Namen ein, z. B. den Dienst oder den Rechner, auf dem er läuft.',
        },
  'provider-base-url': (p) => ({
    message: text(p, 'problem') ?? 'Die Basis-URL ist leer.',
    hint: usualBaseURL(p),
  }),
  'provider-api-key': (p) => {
    const problem = text(p, 'problem');
    if (problem)
      return {
        message: problem,
        hint: 'Füge ihn direkt von der Schlüsselseite des Anbieters ein.',
      };
    const keyPage = text(p, 'keyPage');
    return {
      message: `${text(p, 'presetLabel') ?? 'Dieser Anbieter'} braucht einen API-Schlüssel.`,
      hint: keyPage
        ? `Füge deinen Schlüssel ein; du kannst einen unter ${keyPage} erstellen.`
        : 'Füge den Schlüssel ein, den dir der Anbieter gegeben hat.',
    };
  },
  'provider-headers': (p) =>
    p['reason'] === 'duplicate'
      ? {
          message: `Der Header „${text(p, 'header') ?? ''}“ ist doppelt angegeben.`,
          hint: 'Behalte eine Zeile pro Header-Name.',
        }
      : {
          message: text(p, 'problem') ?? 'Ein zusätzlicher Header kann nicht gesendet werden.',
          hint: text(p, 'problemHint') ?? 'Korrigiere den Header oder entferne die Zeile.',
        },
  'model-id': (p) =>
    p['reason'] === 'taken'
      ? {
          message: `${text(p, 'provider') ?? 'Dieser Anbieter'} hat bereits ein Modell „${text(p, 'model') ?? ''}“.`,
          hint: 'Bearbeite stattdessen dieses oder gib eine andere ID ein.',
        }
      : {
          message: 'Das Modell braucht eine ID.',
          hint: 'Gib die ID ein, unter der der Server es kennt, z. B. gpt-4o-mini oder qwen3:8b.',
        },
  'model-context-window': () => ({
    message: 'Das Kontextfenster muss eine ganze Zahl von Tokens über 0 sein.',
    hint: WHOLE_TOKENS,
  }),
  'model-max-output': (p) =>
    p['reason'] === 'over-window'
      ? {
          message: 'Die maximale Ausgabe ist größer als das Kontextfenster.',
          hint: 'Ausgabetokens zählen zum Fenster; wähle einen kleineren Wert als das Fenster.',
        }
      : {
          message: 'Die maximale Ausgabe muss eine ganze Zahl von Tokens über 0 sein.',
          hint: WHOLE_TOKENS,
        },
  'model-price': () => ({
    message:
      'Preise brauchen einen Eingabe- und einen Ausgabepreis in Dollar pro Million Tokens, 0 oder mehr.',
    hint: 'Fülle beide aus oder lass beide leer, wenn du den Preis nicht kennst.',
  }),
  'model-tool-calling': () => ({
    message: 'Werkzeugaufrufe müssen „native“, „text“ oder „none“ sein.',
    hint: 'Wähle eine der drei Möglichkeiten.',
  }),
  'chat-max-tokens': () => ({
    message: 'Die maximalen Tokens müssen eine ganze Zahl über 0 sein.',
    hint: 'Leer lassen, damit das Modell entscheidet, wie lang eine Antwort sein darf.',
  }),
  'chat-temperature': () => ({
    message: 'Die Temperatur muss zwischen 0 und 2 liegen.',
    hint: 'Niedriger ist fokussierter, höher abwechslungsreicher; leer lassen für den Standard des Anbieters.',
  }),
  'provider-import': (p) => ({
    message: text(p, 'problem') ?? 'Diese Datei kann nicht importiert werden.',
    hint: 'Wähle eine Datei, die aus Coves Anbietereinstellungen exportiert wurde.',
  }),
  'provider-missing': () => ({
    message: 'Diesen Anbieter gibt es nicht mehr.',
    hint: 'Er wurde vielleicht in einem anderen Tab entfernt; füge ihn erneut hinzu, wenn du ihn brauchst.',
  }),
  'model-missing': () => ({
    message: 'Dieses Modell ist nicht eingerichtet.',
    hint: 'Wähle eines der aufgeführten Modelle oder aktualisiere die Modelle des Anbieters unter Einstellungen → Anbieter.',
  }),
  'bad-setting': (p) => {
    switch (text(p, 'variant')) {
      case 'timeout':
        return {
          message: `Eine Laufzeitbegrenzung von ${text(p, 'value') ?? ''} ms liegt außerhalb des gültigen Bereichs.`,
          hint: `Wähle zwischen ${text(p, 'minSeconds') ?? ''} s und ${text(p, 'maxMinutes') ?? ''} Minuten.`,
        };
      case 'network':
        return {
          message: `„${text(p, 'value') ?? ''}“ ist keine Netzwerkeinstellung für Python.`,
          hint: 'Wähle „aus“, „nur Paketindex“ oder „jeder Host“.',
        };
      case 'not-a-url':
        return {
          message: `Die URL ${urlSetting(p)} „${text(p, 'url') ?? ''}“ ist keine URL.`,
          hint: 'Gib eine vollständige Adresse ein, die mit https:// beginnt.',
        };
      case 'url-scheme':
        return {
          message: `Die URL ${urlSetting(p)} muss mit https:// oder http:// beginnen.`,
          hint: 'Gib eine Webadresse ein.',
        };
      default:
        return {
          message: 'Eine Python-Einstellung liegt außerhalb des gültigen Bereichs.',
          hint: 'Korrigiere sie unter Einstellungen → Python.',
        };
    }
  },
  'bad-run': (p) =>
    text(p, 'variant') === 'nothing-to-run'
      ? { message: 'Nichts auszuführen: gib Code oder einen Dateipfad an.', hint: '' }
      : {
          message: 'Das lässt sich so nicht ausführen.',
          hint: 'Prüfe den Code und die Datei.',
        },
  disposed: (p) => ({
    message: 'Die Python-Laufzeit wurde beendet.',
    hint: text(p, 'variant') === 'in-memory' ? '' : 'Lade die Seite neu.',
  }),
  'python-start': (p) => {
    const detail = detailOf(p);
    return {
      message:
        detail !== undefined
          ? `Python konnte nicht starten: ${detail}`
          : 'Python konnte nicht starten.',
      hint: 'Lade die Seite neu, um es noch einmal zu versuchen.',
    };
  },
  'lint-failed': (p) => ({
    message: `Der Linter ist stehen geblieben: ${text(p, 'detail') ?? 'unbekannter Fehler'}.`,
    hint: 'Er startet bei der nächsten Prüfung neu.',
  }),
  'format-failed': (p) => {
    const detail = detailOf(p);
    return {
      message:
        detail !== undefined
          ? `Der Code konnte nicht formatiert werden: ${detail}.`
          : 'Der Code konnte nicht formatiert werden.',
      hint: 'Behebe zuerst den Syntaxfehler.',
    };
  },
};
