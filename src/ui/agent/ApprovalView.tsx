import { createResource, Match, Show, Switch } from 'solid-js';
import type { ApprovalView as ApprovalViewData } from '../../tools/approval-card';
import { DiffView } from './DiffView';
import { textAfter } from './diff-texts';
import { formatArguments } from './tool-call-summary';
import { UnifiedDiffText } from './UnifiedDiffText';
import { enApprovalUi } from '../../app/messages/en-agent-review-ui';
import { addEnglishArea } from '../../app/messages/english-areas';
import { useI18n } from '../common/i18n';

addEnglishArea('approval', enApprovalUi);

/**
 * The preview of an approval request: the one place that maps each kind of view a tool
 * describes (src/tools/approval-card.ts) to what shows it. A diff as a merge view (with
 * the unified text to hand), code and commands in full, a commit's message over its diff,
 * an address, else the arguments.
 */
export function ApprovalView(props: {
  view: ApprovalViewData;
  /** The call's arguments as JSON text, for the `arguments` view. */
  argumentsText: string;
  /**
   * The file's text now (undefined when it does not exist), so a diff that comes without
   * its texts can still be shown as a merge view of before and after.
   */
  readFile?: (path: string) => Promise<string | undefined>;
}) {
  const view = props.view;
  const { t } = useI18n();
  return (
    <Switch>
      <Match when={view.kind === 'diff' && view}>
        {(diff) => <DiffPreview view={diff()} readFile={props.readFile} />}
      </Match>
      <Match when={view.kind === 'code' && view}>
        {(code) => (
          <pre class="approval-text" aria-label={t('approval.code')}>
            {code().code}
          </pre>
        )}
      </Match>
      <Match when={view.kind === 'command' && view}>
        {(command) => (
          <pre class="approval-text" aria-label={t('approval.command')}>
            {command().command}
          </pre>
        )}
      </Match>
      <Match when={view.kind === 'commit' && view}>
        {(commit) => (
          <>
            <pre class="approval-text" aria-label={t('approval.commitMessage')}>
              {commit().message.trim()}
            </pre>
            <Show
              when={commit().diff}
              fallback={<p class="approval-url">{t('approval.nothingToCommit')}</p>}
            >
              <UnifiedDiffText diff={commit().diff} label={t('approval.stagedDiff')} />
            </Show>
          </>
        )}
      </Match>
      <Match when={view.kind === 'url' && view}>
        {(url) => (
          <p class="approval-url" aria-label={t('approval.address')}>
            {url().url}
          </p>
        )}
      </Match>
      <Match when={view.kind === 'arguments'}>
        <pre class="approval-text" aria-label={t('approval.arguments')}>
          {formatArguments(props.argumentsText)}
        </pre>
      </Match>
    </Switch>
  );
}

/** A file change: the merge view of before and after, given or rebuilt from the diff. */
function DiffPreview(props: {
  view: Extract<ApprovalViewData, { kind: 'diff' }>;
  readFile?: (path: string) => Promise<string | undefined>;
}) {
  const view = props.view;
  const { t } = useI18n();
  const [texts] = createResource(async () => {
    if (view.before !== undefined && view.after !== undefined) {
      return { before: view.before, after: view.after };
    }
    if (!props.readFile) return undefined;
    // A file that cannot be read (absent, not text) counts as empty: a new file's diff fits.
    const before = (await props.readFile(view.path).catch(() => undefined)) ?? '';
    const after = textAfter(before, view.diff);
    return after === undefined ? undefined : { before, after };
  });
  return (
    <Show when={!texts.loading}>
      <Show
        when={texts()}
        fallback={<UnifiedDiffText diff={view.diff} label={t('approval.unifiedDiff')} />}
      >
        {(both) => (
          <>
            <DiffView path={view.path} before={both().before} after={both().after} />
            <details class="approval-unified">
              <summary>{t('approval.unifiedDiff')}</summary>
              <UnifiedDiffText diff={view.diff} label={t('approval.unifiedDiff')} />
            </details>
          </>
        )}
      </Show>
    </Show>
  );
}
