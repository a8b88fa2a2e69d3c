import { createSignal, onMount, Show } from 'solid-js';
import type { ApprovalChoice, PendingApproval } from '../../app/agent-views';
import { ApprovalView } from './ApprovalView';
import { enApprovalUi } from '../../app/messages/en-agent-review-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';

addEnglishArea('approval', enApprovalUi);

/**
 * The request for a decision on one tool call, in the conversation below the run: the
 * card its tool describes (a real diff for file writes and edits, the full code for
 * run_python, the full command for bash, the URL for fetch_url, the arguments for anything
 * else; see ApprovalView.tsx). Approve, approve the tool for the session, reject with feedback (which
 * the model reads as the call's result), or stop the run.
 *
 * Keyboard: focus moves to the panel when it appears (not to Approve, so a stray Enter
 * approves nothing); Tab reaches each button; Enter approves only on Approve. Escape
 * closes the feedback box, and otherwise does nothing: it never approves or rejects.
 */
export function ApprovalPanel(props: {
  approval: PendingApproval;
  onDecide: (choice: ApprovalChoice) => void;
  /**
   * The file's text now (undefined when it does not exist), so a request that carries only
   * the unified diff can still be shown as a merge view of before and after.
   */
  readFile?: (path: string) => Promise<string | undefined>;
}) {
  const approval = props.approval;
  const { t } = useI18n();
  const [rejecting, setRejecting] = createSignal(false);
  const [feedback, setFeedback] = createSignal('');
  let panel!: HTMLElement;
  let feedbackBox: HTMLTextAreaElement | undefined;
  let rejectButton: HTMLButtonElement | undefined;
  const headingId = `approval-${approval.callId}`;
  onMount(() => panel.focus({ preventScroll: false }));

  const reject = () => props.onDecide({ kind: 'reject', feedback: feedback().trim() });

  return (
    <section
      class="approval-panel"
      ref={panel}
      tabindex="-1"
      role="region"
      aria-labelledby={headingId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        event.preventDefault();
        if (rejecting()) {
          setRejecting(false);
          queueMicrotask(() => rejectButton?.focus());
        }
      }}
    >
      <header class="approval-header">
        <h3 id={headingId}>{t('approval.title', approval.toolName)}</h3>
        <p class="approval-title">{approval.title}</p>
      </header>
      <Show when={approval.note}>
        {(note) => (
          <p class="approval-problem" role="note">
            {note()}
          </p>
        )}
      </Show>
      <Show when={approval.problem}>
        {(problem) => (
          <p class="approval-problem" role="note">
            {t('approval.wouldFail', problem())}
          </p>
        )}
      </Show>
      <div class="approval-preview">
        <ApprovalView
          view={approval.view}
          argumentsText={approval.argumentsText}
          {...(props.readFile ? { readFile: props.readFile } : {})}
        />
      </div>
      <Show
        when={rejecting()}
        fallback={
          <div class="approval-actions">
            <button
              type="button"
              class="button primary"
              onClick={() => props.onDecide({ kind: 'approve' })}
            >
              {t('approval.approve')}
            </button>
            <button
              type="button"
              class="button"
              onClick={() => props.onDecide({ kind: 'approve_session' })}
            >
              {t('approval.approveSession', approval.toolName)}
            </button>
            <button
              type="button"
              class="button"
              ref={rejectButton}
              onClick={() => {
                setRejecting(true);
                queueMicrotask(() => feedbackBox?.focus());
              }}
            >
              {t('approval.reject')}
            </button>
            <span class="header-spacer" />
            <button
              type="button"
              class="button danger"
              title={t('approval.stopTitle')}
              onClick={() => props.onDecide({ kind: 'stop' })}
            >
              {t('approval.rejectAndStop')}
            </button>
          </div>
        }
      >
        <form
          class="approval-reject"
          onSubmit={(event) => {
            event.preventDefault();
            reject();
          }}
        >
          <label for={`${headingId}-feedback`}>{t('approval.feedback')}</label>
          <textarea
            id={`${headingId}-feedback`}
            ref={feedbackBox}
            rows={3}
            placeholder={t('approval.feedbackPlaceholder')}
            value={feedback()}
            onInput={(event) => setFeedback(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                reject();
              }
            }}
          />
          <div class="approval-actions">
            <button type="submit" class="button primary">
              {t('approval.rejectWithFeedback')}
            </button>
            <button
              type="button"
              class="button"
              onClick={() => {
                setRejecting(false);
                queueMicrotask(() => rejectButton?.focus());
              }}
            >
              {t('approval.cancel')}
            </button>
          </div>
        </form>
      </Show>
    </section>
  );
}
