import { Show } from 'solid-js';
import type { BranchPosition } from '../../agent/session-tree';
import { Icon } from '../common/icons';
import { useI18n } from '../common/i18n';

/**
 * "‹ 2 / 3 ›" at a message that has siblings (other replies to the same question, or edits
 * of the same question). Shown only when there is more than one.
 */
export function BranchSwitcher(props: {
  branch: BranchPosition | undefined;
  /** True while switching is not possible (a reply is streaming). */
  disabled: boolean;
  onSwitch: (direction: 'previous' | 'next') => void;
}) {
  const { t, formats } = useI18n();
  return (
    <Show when={props.branch && props.branch.count > 1 ? props.branch : undefined}>
      {(branch) => (
        <span class="branch-switcher" role="group" aria-label={t('branches.label')}>
          <button
            type="button"
            class="message-icon-button"
            aria-label={t('branches.previous')}
            title={t('branches.previous')}
            disabled={props.disabled || branch().previousId === undefined}
            onClick={() => props.onSwitch('previous')}
          >
            <Icon name="chevron" class="flip" />
          </button>
          <span class="branch-count">
            {formats().number(branch().index + 1)} / {formats().number(branch().count)}
          </span>
          <button
            type="button"
            class="message-icon-button"
            aria-label={t('branches.next')}
            title={t('branches.next')}
            disabled={props.disabled || branch().nextId === undefined}
            onClick={() => props.onSwitch('next')}
          >
            <Icon name="chevron" />
          </button>
        </span>
      )}
    </Show>
  );
}
