import { createSignal, createUniqueId, For, Show } from 'solid-js';
import type { McpServerDraft, McpService } from '../../app/mcp-service';
import type { StoredMcpServer } from '../../app/mcp-server-store';
import { CoveError } from '../../base/errors';
import type { McpServerReport } from '../../mcp/mcp-connection';
import { MCP_CONFIG_ERROR_CODES } from '../../mcp/server-config';
import { createFieldErrors } from '../common/field-errors';
import { Icon } from '../common/icons';
import { FieldError, FormDialog } from './FormDialog';
import { McpReport } from './McpReport';

type Field = 'name' | 'url' | 'headers' | 'form';

const FIELD_OF_CODE: Record<string, Field> = {
  [MCP_CONFIG_ERROR_CODES.name]: 'name',
  [MCP_CONFIG_ERROR_CODES.url]: 'url',
  [MCP_CONFIG_ERROR_CODES.headers]: 'headers',
};

interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

/**
 * Adds an MCP server, or edits `existing`: name, endpoint URL and request headers (a bearer
 * token goes in an Authorization row). Test connects with what is typed, before saving.
 */
export function McpServerForm(props: {
  mcp: McpService;
  existing?: StoredMcpServer;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const existing = props.existing;
  const ids = { name: createUniqueId(), url: createUniqueId(), error: createUniqueId() };
  const [name, setName] = createSignal(existing?.name ?? '');
  const [url, setUrl] = createSignal(existing?.url ?? '');
  let nextRow = 0;
  const [rows, setRows] = createSignal<HeaderRow[]>(
    Object.entries(existing?.headers ?? {}).map(([name, value]) => ({
      id: nextRow++,
      name,
      value,
    })),
  );
  const errors = createFieldErrors<Field>({
    fieldOfCode: FIELD_OF_CODE,
    formField: 'form',
    messageId: ids.error,
  });
  const { clear, errorFor, invalid, describedBy, show } = errors;
  const [busy, setBusy] = createSignal(false);
  const [report, setReport] = createSignal<McpServerReport>();
  const [testing, setTesting] = createSignal(false);

  const updateRow = (id: number, patch: Partial<HeaderRow>) => {
    setRows((list) => list.map((row) => (row.id === id ? { ...row, ...patch } : row)));
    clear();
  };

  /** The form as a draft; a header named twice is a field error. */
  const draft = (): McpServerDraft | undefined => {
    const filled = rows().filter((row) => row.name.trim() || row.value.trim());
    const names = filled.map((row) => row.name.trim().toLowerCase());
    const twice = names.find((header, index) => header && names.indexOf(header) !== index);
    if (twice) {
      show(
        new CoveError(
          MCP_CONFIG_ERROR_CODES.headers,
          `The header “${twice}” is given twice.`,
          'Keep one row per header name.',
        ),
      );
      return undefined;
    }
    return {
      name: name(),
      url: url(),
      headers: Object.fromEntries(filled.map((row) => [row.name, row.value])),
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
      title={existing ? `Edit ${existing.name}` : 'Add MCP server'}
      class="mcp-form"
      onClose={props.onClose}
      onSubmit={() => void submit()}
    >
      <div class="form-field">
        <label for={ids.name}>Name</label>
        <input
          id={ids.name}
          ref={(element) => (errors.fields.name = element)}
          value={name()}
          placeholder="e.g. github"
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
        <label for={ids.url}>URL</label>
        <input
          id={ids.url}
          ref={(element) => (errors.fields.url = element)}
          class="mono"
          type="url"
          value={url()}
          placeholder="https://example.com/mcp"
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

      <fieldset
        class="header-rows"
        ref={(element) => (errors.fields.headers = element)}
        tabIndex={-1}
        aria-invalid={invalid('headers')}
        aria-describedby={describedBy('headers')}
      >
        <legend>Headers</legend>
        <p class="form-note">
          Sent with every request to this server, e.g. Authorization: Bearer … for a token. Headers
          named like a key or token are kept encrypted, out of backups.
        </p>
        <For each={rows()}>
          {(row, index) => (
            <div class="header-row">
              <input
                aria-label={`Header ${index() + 1} name`}
                placeholder="Name"
                class="mono"
                value={row.name}
                autocomplete="off"
                spellcheck={false}
                onInput={(event) => updateRow(row.id, { name: event.currentTarget.value })}
              />
              <input
                aria-label={`Header ${index() + 1} value`}
                placeholder="Value"
                class="mono"
                type="password"
                value={row.value}
                autocomplete="off"
                spellcheck={false}
                onInput={(event) => updateRow(row.id, { value: event.currentTarget.value })}
              />
              <button
                type="button"
                class="icon-button"
                aria-label={`Remove header ${index() + 1}`}
                title="Remove header"
                onClick={() => setRows((list) => list.filter((other) => other.id !== row.id))}
              >
                <Icon name="close" />
              </button>
            </div>
          )}
        </For>
        <button
          type="button"
          class="button small"
          onClick={() => setRows((list) => [...list, { id: nextRow++, name: '', value: '' }])}
        >
          <Icon name="plus" /> Add header
        </button>
      </fieldset>
      <FieldError id={ids.error} text={errorFor('headers')} />
      <FieldError id={ids.error} text={errorFor('form')} />
      <Show when={report()}>{(shown) => <McpReport report={shown()} />}</Show>

      <div class="modal-actions">
        <button type="button" class="button" disabled={testing()} onClick={() => void test()}>
          {testing() ? 'Testing…' : 'Test'}
        </button>
        <span class="header-spacer" />
        <button type="button" class="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" class="button primary" disabled={busy()}>
          Save
        </button>
      </div>
    </FormDialog>
  );
}
