import { createSignal, createUniqueId, Show } from 'solid-js';
import type { McpServerDraft, McpService } from '../../app/mcp-service';
import type { StoredMcpServer } from '../../app/mcp-server-store';
import { CoveError } from '../../base/errors';
import type { McpServerReport } from '../../mcp/mcp-connection';
import { MCP_CONFIG_ERROR_CODES } from '../../mcp/server-config';
import { createFieldErrors } from '../common/field-errors';
import { FieldError, FormDialog } from './FormDialog';
import { createHeaderRows, HeaderRowsField } from './HeaderRowsField';
import { McpReport } from './McpReport';
import { McpSignInChoice } from './McpSignInChoice';
import { createSignInChoice, signInOf } from './mcp-sign-in-choice';
import { useI18n } from '../common/i18n';

/** An address, the same in every language. */
const URL_EXAMPLE = 'https://example.com/mcp';

type Field = 'name' | 'url' | 'headers' | 'form';

const FIELD_OF_CODE: Record<string, Field> = {
  [MCP_CONFIG_ERROR_CODES.name]: 'name',
  [MCP_CONFIG_ERROR_CODES.url]: 'url',
  [MCP_CONFIG_ERROR_CODES.headers]: 'headers',
};

/**
 * Adds an MCP server, or edits `existing`: name, endpoint URL and request headers (a bearer
 * token goes in an Authorization row). Test connects with what is typed, before saving.
 */
export function McpServerForm(props: {
  mcp: McpService;
  existing?: StoredMcpServer;
  onClose: () => void;
  onSaved: (id: string) => void;
  /** Cove's OAuth callback page, for the client id's note. */
  redirectUrl?: string;
}) {
  const { t } = useI18n();
  const existing = props.existing;
  const ids = {
    name: createUniqueId(),
    url: createUniqueId(),
    clientId: createUniqueId(),
    clientIdNote: createUniqueId(),
    error: createUniqueId(),
  };
  const [clientId, setClientId] = createSignal(existing?.oauthClientId ?? '');
  const signInChoice = createSignInChoice(existing?.signIn);
  const [name, setName] = createSignal(existing?.name ?? '');
  const [url, setUrl] = createSignal(existing?.url ?? '');
  const headerRows = createHeaderRows(existing?.headers, () => clear());
  const errors = createFieldErrors<Field>({
    fieldOfCode: FIELD_OF_CODE,
    formField: 'form',
    messageId: ids.error,
  });
  const { clear, errorFor, invalid, describedBy, show } = errors;
  const [busy, setBusy] = createSignal(false);
  const [report, setReport] = createSignal<McpServerReport>();
  const [testing, setTesting] = createSignal(false);

  /** The form as a draft; a header named twice is a field error. */
  const draft = (): McpServerDraft | undefined => {
    const twice = headerRows.duplicate();
    if (twice) {
      show(
        new CoveError(
          MCP_CONFIG_ERROR_CODES.headers,
          t('mcpSettings.form.headerTwice', twice),
          t('mcpSettings.form.headerTwiceHint'),
        ),
      );
      return undefined;
    }
    return {
      name: name(),
      url: url(),
      headers: headerRows.headers(),
      oauthClientId: clientId(),
      ...signInOf(signInChoice),
    };
  };

  const test = async () => {
    const server = draft();
    if (!server || testing()) return;
    clear();
    setReport(undefined);
    setTesting(true);
    try {
      setReport(await props.mcp.test(server));
    } catch (failure) {
      show(failure);
    } finally {
      setTesting(false);
    }
  };

  const submit = async () => {
    const server = draft();
    if (!server || busy()) return;
    setBusy(true);
    clear();
    try {
      if (existing) {
        await props.mcp.update(existing.id, server);
        props.onSaved(existing.id);
      } else {
        props.onSaved(await props.mcp.add(server));
      }
    } catch (failure) {
      show(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title={
        existing ? t('mcpSettings.form.editTitle', existing.name) : t('mcpSettings.form.addTitle')
      }
      class="mcp-form"
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <div class="form-field">
        <label for={ids.name}>{t('mcpSettings.form.name')}</label>
        <input
          id={ids.name}
          ref={(element) => (errors.fields.name = element)}
          value={name()}
          placeholder={t('mcpSettings.form.namePlaceholder')}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={invalid('name')}
          aria-describedby={describedBy('name')}
          onInput={(event) => {
            setName(event.currentTarget.value);
            clear();
          }}
        />
      </div>
      <FieldError id={ids.error} text={errorFor('name')} />

      <div class="form-field">
        <label for={ids.url}>{t('mcpSettings.form.url')}</label>
        <input
          id={ids.url}
          ref={(element) => (errors.fields.url = element)}
          class="mono"
          type="url"
          value={url()}
          placeholder={URL_EXAMPLE}
          autocomplete="off"
          spellcheck={false}
          aria-invalid={invalid('url')}
          aria-describedby={describedBy('url')}
          onInput={(event) => {
            setUrl(event.currentTarget.value);
            clear();
          }}
        />
      </div>
      <FieldError id={ids.error} text={errorFor('url')} />

      <HeaderRowsField
        rows={headerRows}
        legend={t('mcpSettings.form.headers')}
        note={t('mcpSettings.form.headersNote')}
        secretValues
        ref={(element) => (errors.fields.headers = element)}
        invalid={invalid('headers')}
        describedBy={describedBy('headers')}
      />
      <FieldError id={ids.error} text={errorFor('headers')} />
      <McpSignInChoice choice={signInChoice}>
        <div class="form-field">
          <label for={ids.clientId}>{t('mcpSettings.form.clientId')}</label>
          <input
            id={ids.clientId}
            class="mono"
            value={clientId()}
            autocomplete="off"
            spellcheck={false}
            aria-describedby={ids.clientIdNote}
            onInput={(event) => setClientId(event.currentTarget.value)}
          />
          <small id={ids.clientIdNote} class="form-note">
            {t(
              'mcpSettings.form.clientIdNote',
              props.redirectUrl ?? t('mcpSettings.form.callbackPage'),
            )}
          </small>
        </div>
      </McpSignInChoice>
      <FieldError id={ids.error} text={errorFor('form')} />
      <Show when={report()}>{(shown) => <McpReport report={shown()} />}</Show>

      <div class="modal-actions">
        <button type="button" class="button" disabled={testing()} onClick={() => void test()}>
          {testing() ? t('mcpSettings.form.testing') : t('mcpSettings.form.test')}
        </button>
        <span class="header-spacer" />
        <button type="button" class="button" onClick={props.onClose}>
          {t('mcpSettings.form.cancel')}
        </button>
        <button type="submit" class="button primary" disabled={busy()}>
          {t('mcpSettings.form.save')}
        </button>
      </div>
    </FormDialog>
  );
}
