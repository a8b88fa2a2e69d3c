import { For, onMount, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { KnowledgeEntry } from '../../workspace/knowledge/knowledge-index';
import type { LocaleService } from '../../app/locale-service';
import { addEnglishArea } from '../../app/messages/english-areas';
import { enKnowledgeUi } from '../../app/messages/en-panels-ui';
import { useI18n } from '../common/i18n';
import './knowledge.css';

// The panel's English comes with this chunk, not with the first load.
addEnglishArea('knowledge', enKnowledgeUi);

/** What one entry holds, in a line: "12 files · 80 chunks · 1 not indexed". */
function summary(entry: KnowledgeEntry, { t, formats }: LocaleService): string {
  const parts = [
    ...(entry.kind === 'folder' ? [t('knowledge.files', formats(), entry.files)] : []),
    t('knowledge.chunks', formats(), entry.chunks),
  ];
  if (entry.problems) parts.push(t('knowledge.notIndexed', formats().number(entry.problems)));
  return parts.join(' · ');
}

/**
 * The workspace's knowledge: every file and folder added to it (from the file tree's menu
 * or here), with what it holds, Reindex and Remove. Opening the panel starts the index.
 */
export function KnowledgePanel(props: { services: AppServices }) {
  const { knowledge, workspaces, providers } = props.services;
  const i18n = useI18n();
  const { t } = i18n;
  onMount(() => void knowledge.load());
  const status = (entry: KnowledgeEntry) =>
    knowledge.indexing()
      ? t('knowledge.indexing')
      : entry.problems
        ? t('knowledge.partlyIndexed')
        : t('knowledge.indexed');
  return (
    <section class="knowledge-panel" aria-label={t('knowledge.label')}>
      <header class="knowledge-header">
        <p class="knowledge-note">{t('knowledge.intro')}</p>
        <Show when={!knowledge.entries().some((entry) => entry.path === '')}>
          <button
            type="button"
            class="button"
            disabled={!workspaces.current()}
            onClick={() => void knowledge.add('')}
          >
            {t('knowledge.addWorkspace')}
          </button>
        </Show>
        <label class="knowledge-embedding">
          <span>{t('knowledge.embeddingModel')}</span>
          <select
            value={knowledge.embeddingModel()}
            onChange={(event) => void knowledge.setEmbeddingModel(event.currentTarget.value)}
          >
            <option value="">{t('knowledge.noEmbedding')}</option>
            <For each={providers.models()}>
              {(choice) => (
                <option value={choice.ref}>
                  {choice.model.label ?? choice.model.id} · {choice.providerName}
                </option>
              )}
            </For>
          </select>
        </label>
        <Show when={knowledge.indexing()}>
          <p class="knowledge-note" role="status">
            {t('knowledge.indexing')}
          </p>
        </Show>
      </header>
      <Show
        when={knowledge.entries().length}
        fallback={<p class="knowledge-note">{t('knowledge.empty')}</p>}
      >
        <ul class="knowledge-list" aria-label={t('knowledge.list')}>
          <For each={knowledge.entries()}>
            {(entry) => {
              const name = entry.path || t('knowledge.wholeWorkspace');
              return (
                <li class="knowledge-entry" aria-label={name}>
                  <div class="knowledge-entry-name" title={entry.problem ?? name}>
                    {entry.kind === 'folder' && entry.path ? `${name}/` : name}
                  </div>
                  <div class="knowledge-entry-meta">
                    <span>{summary(entry, i18n)}</span>
                    <span class="knowledge-status">{status(entry)}</span>
                  </div>
                  <Show when={entry.problem}>
                    <div class="knowledge-problem">{entry.problem}</div>
                  </Show>
                  <div class="knowledge-actions">
                    <button
                      type="button"
                      class="knowledge-link"
                      aria-label={t('knowledge.reindexName', name)}
                      onClick={() => void knowledge.reindex(entry.path)}
                    >
                      {t('knowledge.reindex')}
                    </button>
                    <button
                      type="button"
                      class="knowledge-link"
                      aria-label={t('knowledge.removeName', name)}
                      onClick={() => void knowledge.remove(entry.path)}
                    >
                      {t('knowledge.remove')}
                    </button>
                  </div>
                </li>
              );
            }}
          </For>
        </ul>
      </Show>
    </section>
  );
}
