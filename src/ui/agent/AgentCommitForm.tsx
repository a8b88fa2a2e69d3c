import {
  createEffect,
  createResource,
  createSignal,
  createUniqueId,
  Match,
  on,
  Show,
  Switch,
} from 'solid-js';
import type { ChangedFileView } from '../../app/agent-views';
import type { AgentCommit } from '../../app/git-agent-commit';
import type { CommitMessageSource } from '../../agent/commit-message';
import { enAgentCommitUi } from '../../app/messages/en-agent-review-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';

addEnglishArea('agentCommit', enAgentCommitUi);

type Stage = 'closed' | 'proposing' | 'editing' | 'committing' | 'done';

/** Where a proposed message came from, as the note under it says it. */
const SOURCE_NOTE = {
  model: 'agentCommit.fromModel',
  run: 'agentCommit.fromRun',
} as const satisfies Record<CommitMessageSource, string>;

/**
 * "Commit the agent's changes", under the files a run changed when the workspace has a
 * repository: the model proposes a message, the person edits it, and Commit stages those
 * files as they are now and commits them (with whatever else was staged).
 */
export function AgentCommitForm(props: {
  files: readonly ChangedFileView[];
  /** What the person asked of the run, for the message. */
  task: () => string;
  commits: AgentCommit;
}) {
  const { t, formats } = useI18n();
  const [available] = createResource(
    () => props.files.map((file) => file.path).join('\n') || undefined,
    () => props.commits.available(),
  );
  const [stage, setStage] = createSignal<Stage>('closed');
  const [message, setMessage] = createSignal('');
  const [source, setSource] = createSignal<CommitMessageSource>();
  const [committed, setCommitted] = createSignal('');
  const id = createUniqueId();
  /** Bumped by Cancel and by a new run: a proposal that arrives after either is dropped. */
  let attempt = 0;
  createEffect(
    on(
      // A new run's changes (the same files changed again count as new), not a new array.
      () => props.files.map((file) => `${file.path}\n${file.diff}`).join('\n'),
      () => {
        attempt++;
        setStage('closed');
      },
      { defer: true },
    ),
  );
  const count = () => props.files.length;

  const open = async () => {
    const mine = ++attempt;
    setStage('proposing');
    setMessage('');
    const proposal = await props.commits.propose(props.task(), props.files);
    if (mine !== attempt) return;
    setMessage(proposal.message);
    setSource(proposal.source);
    setStage('editing');
  };
  const commit = async () => {
    if (stage() !== 'editing' || !message().trim()) return;
    setStage('committing');
    const oid = await props.commits.commit(
      props.files.map((file) => file.path),
      message(),
    );
    if (!oid) return setStage('editing');
    setCommitted(t('agentCommit.committed', oid.slice(0, 7), message().trim().split('\n')[0]!));
    setStage('done');
  };

  return (
    <Show when={count() && available()}>
      <section class="agent-commit" aria-label={t('agentCommit.label')}>
        <Switch>
          <Match when={stage() === 'closed'}>
            <button type="button" class="button" onClick={() => void open()}>
              {t('agentCommit.open')}
            </button>
          </Match>
          <Match when={stage() === 'done'}>
            <p class="agent-commit-done" role="status">
              {committed()}
            </p>
          </Match>
          <Match when={true}>
            <label for={id}>{t('agentCommit.message')}</label>
            <textarea
              id={id}
              rows={4}
              value={message()}
              placeholder={t('agentCommit.placeholder')}
              disabled={stage() !== 'editing'}
              aria-describedby={`${id}-note`}
              onInput={(event) => setMessage(event.currentTarget.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                  event.preventDefault();
                  void commit();
                }
              }}
            />
            <p id={`${id}-note`} class="agent-commit-note">
              {stage() === 'proposing'
                ? t('agentCommit.proposing')
                : t(SOURCE_NOTE[source() ?? 'run'])}
            </p>
            <div class="agent-commit-actions">
              <button
                type="button"
                class="button"
                onClick={() => {
                  attempt++;
                  setStage('closed');
                }}
              >
                {t('agentCommit.cancel')}
              </button>
              <button
                type="button"
                class="button primary"
                disabled={stage() !== 'editing' || !message().trim()}
                onClick={() => void commit()}
              >
                {t('agentCommit.commit', formats(), count())}
              </button>
            </div>
          </Match>
        </Switch>
      </section>
    </Show>
  );
}
