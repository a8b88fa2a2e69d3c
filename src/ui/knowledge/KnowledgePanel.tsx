import { For, onMount, Show } from 'solid-js';
import type { AppServices } from '../../app/services';
import type { KnowledgeEntry } from '../../workspace/knowledge/knowledge-index';
import './knowledge.css';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** What one entry holds, in a line: "12 files · 80 chunks · 1 not indexed". */
function summary(entry: KnowledgeEntry): string {
  const parts = [
    ...(entry.kind === 'folder' ? [plural(entry.files, 'file')] : []),
    plural(entry.chunks, 'chunk'),
  ];
  if (entry.problems) parts.push(`${entry.problems} not indexed`);
  return parts.join(' · ');
}

/**
 * The workspace's knowledge: every file and folder added to it (from the file tree's menu
 * or here), with what it holds, Reindex and Remove. Opening the panel starts the index.
 */
export function KnowledgePanel(props: { services: AppServices }) {
  const { knowledge, workspaces, providers } = props.services;
  onMount(() => void knowledge.load());
  const status = (entry: KnowledgeEntry) =>
    knowledge.indexing() ? 'Indexing…' : entry.problems ? 'Partly indexed' : 'Indexed';
  return (
    <section class="knowledge-panel" aria-label="Knowledge">
      <header class="knowledge-header">
        <p class="knowledge-note">
          Files and folders the assistant can search and cite (#knowledge in chat, the agent's
          search_knowledge). Add one from the file tree's menu. With an embedding model (one of your
          provider's models that serves /embeddings), search ranks by meaning too.
        </p>
        <Show when={!knowledge.entries().some((entry) => entry.path === '')}>
          <button
            type="button"
            class="button"
            disabled={!workspaces.current()}
            onClick={() => void knowledge.add('')}
          >
            Add the whole workspace
          </button>
        </Show>
        <label class="knowledge-embedding">
          <span>Embedding model</span>
          <select
            value={knowledge.embeddingModel()}
            onChange={(event) => void knowledge.setEmbeddingModel(event.currentTarget.value)}
          >
            <option value="">None: full text only</option>
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
            Indexing…
          </p>
        </Show>
      </header>
      <Show
        when={knowledge.entries().length}
        fallback={<p class="knowledge-note">Nothing is in the knowledge yet.</p>}
      >
        <ul class="knowledge-list" aria-label="Indexed files and folders">
          <For each={knowledge.entries()}>
            {(entry) => {
              const name = entry.path || 'The whole workspace';
              return (
                <li class="knowledge-entry" aria-label={name}>
                  <div class="knowledge-entry-name" title={entry.problem ?? name}>
                    {entry.kind === 'folder' && entry.path ? `${name}/` : name}
                  </div>
                  <div class="knowledge-entry-meta">
                    <span>{summary(entry)}</span>
                    <span class="knowledge-status">{status(entry)}</span>
                  </div>
                  <Show when={entry.problem}>
                    <div class="knowledge-problem">{entry.problem}</div>
                  </Show>
                  <div class="knowledge-actions">
                    <button
                      type="button"
                      class="knowledge-link"
                      aria-label={`Reindex ${name}`}
                      onClick={() => void knowledge.reindex(entry.path)}
                    >
                      Reindex
                    </button>
                    <button
                      type="button"
                      class="knowledge-link"
                      aria-label={`Remove ${name} from the knowledge`}
                      onClick={() => void knowledge.remove(entry.path)}
                    >
                      Remove
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
