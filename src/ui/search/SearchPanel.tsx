import { createEffect, createSignal, For, Match, Show, Switch } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { ProjectQuery, ProjectSearchResult, SearchHit } from '../../workspace/project-search';
import { describeError } from '../../app/messages/describe-error';
import { useDialogs } from '../common/dialogs';
import { Icon } from '../common/icons';
import { ReplacePreview } from './ReplacePreview';
import type { LocaleService } from '../../app/locale-service';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enSearchUi } from '../../app/messages/en-panels-ui';
import { useI18n } from '../common/i18n';
import './search.css';

// The panel's English comes with this chunk, not with the first load.
addEnglishArea('search', enSearchUi);

/** "12 results in 3 files", with a "+" and a note when the search stopped at its limit. */
export function summaryOf(result: ProjectSearchResult, { t, formats }: LocaleService): string {
  if (result.total === 0) return t('search.noResults');
  const found = t('search.results', formats(), result.total, result.capped, result.files.length);
  return result.capped
    ? t('search.capped', found, formats().number(result.total))
    : t('search.found', found);
}

/**
 * Search across the workspace's files (Ctrl/Cmd+Shift+F): the query's fields, the results
 * grouped by file (a click or Enter opens the file at the match), and replace with a
 * confirmation. The state is the project search service's; this only shows it.
 */
export function SearchPanel(props: { services: AppServices }) {
  const { search, editor, notices } = props.services;
  const dialogs = useDialogs();
  const i18n = useI18n();
  const { t, formats } = i18n;
  let input!: HTMLInputElement;
  let results!: HTMLDivElement;
  const [collapsed, setCollapsed] = createSignal<ReadonlySet<string>>(new Set());

  createEffect(() => {
    search.focusRequests();
    if (!search.claimFocus()) return;
    input.focus();
    input.select();
  });

  const shown = () => {
    const state = search.state();
    if (state.status === 'done') return state.result;
    if (state.status === 'searching') return state.previous;
    return undefined;
  };

  const invalid = () => {
    const state = search.state();
    return state.status === 'invalid' ? describeError(state.error) : undefined;
  };

  const toggle = (key: 'caseSensitive' | 'wholeWord' | 'regex', label: string, glyph: string) => (
    <button
      type="button"
      class="search-toggle"
      aria-label={label}
      title={label}
      aria-pressed={search.query()[key]}
      onClick={() => search.setQuery({ [key]: !search.query()[key] } as Partial<ProjectQuery>)}
    >
      {glyph}
    </button>
  );

  async function replace(path?: string) {
    const pending = await search.prepareReplace(path);
    if (!pending) {
      notices.show({
        kind: 'info',
        text: t('search.nothingToReplace'),
      });
      return;
    }
    const matches = t('search.matches', formats(), pending.matches);
    const files = t('search.files', formats(), pending.files);
    const choice = await dialogs.confirm({
      title: path ? t('search.replaceIn', path) : t('search.replaceAll'),
      message: t('search.replaceText', matches, files, search.replacement()),
      content: () => <ReplacePreview rewrites={pending.rewrites} />,
      confirmLabel: t('search.replace'),
      danger: true,
    });
    if (choice === 'confirm') await pending.apply();
  }

  /** Arrow keys move between matches; Tab leaves the list. */
  function onResultsKey(event: KeyboardEvent) {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const hits = [...results.querySelectorAll<HTMLButtonElement>('button.search-hit')];
    const at = hits.indexOf(document.activeElement as HTMLButtonElement);
    const next =
      hits[Math.max(0, Math.min(hits.length - 1, at + (event.key === 'ArrowDown' ? 1 : -1)))];
    if (!next) return;
    event.preventDefault();
    next.focus();
  }

  const open = (path: string, hit: SearchHit) => void editor.reveal(path, hit.line, hit.column);

  return (
    <div class="search-panel">
      <div class="search-fields">
        <div class="search-row">
          <input
            ref={input}
            type="search"
            aria-label={t('search.searchText')}
            placeholder={t('search.search')}
            spellcheck={false}
            value={search.query().pattern}
            onInput={(event) => search.setQuery({ pattern: event.currentTarget.value })}
            onKeyDown={(event) => {
              if (event.key === 'Enter') search.searchNow();
            }}
          />
          {toggle('caseSensitive', t('search.matchCase'), 'Aa')}
          {toggle('wholeWord', t('search.wholeWord'), 'ab')}
          {toggle('regex', t('search.regex'), '.*')}
        </div>
        <div class="search-row">
          <input
            type="text"
            aria-label={t('search.replace')}
            placeholder={t('search.replace')}
            spellcheck={false}
            value={search.replacement()}
            onInput={(event) => search.setReplacement(event.currentTarget.value)}
          />
          <button
            type="button"
            class="search-replace-all"
            title={t('search.replaceAllTitle')}
            disabled={!shown()?.total || search.state().status !== 'done'}
            onClick={() => void replace()}
          >
            {t('search.replaceAll')}
          </button>
        </div>
        <input
          type="text"
          aria-label={t('search.include')}
          placeholder={t('search.includePlaceholder')}
          spellcheck={false}
          value={search.query().include}
          onInput={(event) => search.setQuery({ include: event.currentTarget.value })}
        />
        <input
          type="text"
          aria-label={t('search.exclude')}
          placeholder={t('search.excludePlaceholder')}
          spellcheck={false}
          value={search.query().exclude}
          onInput={(event) => search.setQuery({ exclude: event.currentTarget.value })}
        />
      </div>
      <Switch>
        <Match when={invalid()}>
          {(described) => (
            <p class="search-summary search-error" role="alert">
              {described().message} {described().hint}
            </p>
          )}
        </Match>
        <Match when={search.query().pattern !== ''}>
          <p class="search-summary" role="status">
            {search.state().status === 'searching' && !shown() ? t('search.searching') : ''}
            {shown() ? summaryOf(shown()!, i18n) : ''}
          </p>
        </Match>
      </Switch>
      <div
        ref={results}
        class="search-results"
        aria-label={t('search.resultsLabel')}
        role="region"
        aria-busy={search.state().status === 'searching'}
        onKeyDown={onResultsKey}
      >
        <Show
          when={search.state().status !== 'invalid' && search.query().pattern !== '' && shown()}
        >
          {(result) => (
            <For each={result().files}>
              {(file) => (
                <section class="search-file" aria-label={file.path}>
                  <div class="search-file-header">
                    <button
                      type="button"
                      class="search-file-toggle"
                      aria-expanded={!collapsed().has(file.path)}
                      title={file.path}
                      onClick={() => {
                        const next = new Set(collapsed());
                        if (!next.delete(file.path)) next.add(file.path);
                        setCollapsed(next);
                      }}
                    >
                      <Icon name="chevron" />
                      <span class="search-file-path">{file.path}</span>
                      <span
                        class="search-file-count"
                        title={t('search.matches', formats(), file.hits.length)}
                      >
                        {file.hits.length}
                      </span>
                    </button>
                    <button
                      type="button"
                      class="icon-button search-file-replace"
                      aria-label={t('search.replaceIn', file.path)}
                      title={t('search.replaceInFile')}
                      disabled={search.state().status !== 'done'}
                      onClick={() => void replace(file.path)}
                    >
                      <Icon name="replace" />
                    </button>
                  </div>
                  <Show when={!collapsed().has(file.path)}>
                    <ul class="search-hits">
                      <For each={file.hits}>
                        {(hit) => (
                          <li>
                            <button
                              type="button"
                              class="search-hit"
                              title={`${file.path}:${hit.line}:${hit.column}`}
                              aria-label={t('search.line', String(hit.line), hit.preview)}
                              onClick={() => open(file.path, hit)}
                            >
                              <span class="search-hit-line">{hit.line}</span>
                              <span class="search-hit-text">
                                {hit.preview.slice(0, hit.highlight.from)}
                                <mark>
                                  {hit.preview.slice(hit.highlight.from, hit.highlight.to)}
                                </mark>
                                {hit.preview.slice(hit.highlight.to)}
                              </span>
                            </button>
                          </li>
                        )}
                      </For>
                    </ul>
                  </Show>
                </section>
              )}
            </For>
          )}
        </Show>
      </div>
    </div>
  );
}
