import { createSignal, For, type Accessor, type JSX } from 'solid-js';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';

/** One editable header of a form: a stable id for the list, the name and value typed. */
export interface HeaderRow {
  id: number;
  name: string;
  value: string;
}

/** The header rows of a provider or MCP server form, and what the form needs of them. */
export interface HeaderRows {
  rows: Accessor<readonly HeaderRow[]>;
  update(id: number, patch: Partial<Omit<HeaderRow, 'id'>>): void;
  remove(id: number): void;
  add(): void;
  /** A header name given twice (case-insensitive), which the form refuses; else undefined. */
  duplicate(): string | undefined;
  /** The filled rows as a header map (blank rows left out). */
  headers(): Record<string, string>;
}

/** Rows for `initial`; `onEdit` runs after every change (forms clear their error then). */
export function createHeaderRows(
  initial: Readonly<Record<string, string>> = {},
  onEdit: () => void = () => {},
): HeaderRows {
  let nextId = 0;
  const [rows, setRows] = createSignal<readonly HeaderRow[]>(
    Object.entries(initial).map(([name, value]) => ({ id: nextId++, name, value })),
  );
  const filled = () => rows().filter((row) => row.name.trim() || row.value.trim());
  return {
    rows,
    update(id, patch) {
      setRows((list) => list.map((row) => (row.id === id ? { ...row, ...patch } : row)));
      onEdit();
    },
    remove(id) {
      setRows((list) => list.filter((row) => row.id !== id));
      onEdit();
    },
    add: () => setRows((list) => [...list, { id: nextId++, name: '', value: '' }]),
    duplicate() {
      const names = filled().map((row) => row.name.trim().toLowerCase());
      return names.find((name, index) => name && names.indexOf(name) !== index);
    },
    headers: () => Object.fromEntries(filled().map((row) => [row.name, row.value])),
  };
}

/**
 * The headers fieldset: a name and a value per row (values masked when `secretValues`),
 * remove per row, "Add header". Focusable as a whole, so a form's header error can take
 * focus there.
 */
export function HeaderRowsField(props: {
  rows: HeaderRows;
  legend: string;
  note: JSX.Element;
  secretValues?: boolean;
  ref: (element: HTMLFieldSetElement) => void;
  invalid: 'true' | undefined;
  describedBy: string | undefined;
}) {
  const { t, formats } = useI18n();
  const nth = (index: number) => formats().number(index + 1);
  return (
    <fieldset
      class="header-rows"
      ref={props.ref}
      tabIndex={-1}
      aria-invalid={props.invalid}
      aria-describedby={props.describedBy}
    >
      <legend>{props.legend}</legend>
      <p class="form-note">{props.note}</p>
      <For each={props.rows.rows()}>
        {(row, index) => (
          <div class="header-row">
            <input
              aria-label={t('providers.headers.name', nth(index()))}
              placeholder={t('providers.headers.namePlaceholder')}
              class="mono"
              value={row.name}
              autocomplete="off"
              spellcheck={false}
              onInput={(event) => props.rows.update(row.id, { name: event.currentTarget.value })}
            />
            <input
              aria-label={t('providers.headers.value', nth(index()))}
              placeholder={t('providers.headers.valuePlaceholder')}
              class="mono"
              type={props.secretValues ? 'password' : 'text'}
              value={row.value}
              autocomplete="off"
              spellcheck={false}
              onInput={(event) => props.rows.update(row.id, { value: event.currentTarget.value })}
            />
            <button
              type="button"
              class="icon-button"
              aria-label={t('providers.headers.remove', nth(index()))}
              title={t('providers.headers.removeTitle')}
              onClick={() => props.rows.remove(row.id)}
            >
              <Icon name="close" />
            </button>
          </div>
        )}
      </For>
      <button type="button" class="button small" onClick={() => props.rows.add()}>
        <Icon name="plus" /> {t('providers.headers.add')}
      </button>
    </fieldset>
  );
}
