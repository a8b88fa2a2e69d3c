import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { errorText } from './messages/describe-error';

/** A message shown to the person in the notice area (toasts). */
export interface Notice {
  id: number;
  kind: 'error' | 'info' | 'success';
  text: string;
  /** Extra lines, e.g. the files an import skipped. */
  details?: string[];
  action?: { label: string; run: () => void };
  /** Notices that need a decision (errors, actions) stay until dismissed. */
  sticky: boolean;
  /** How many times this same notice was shown; 2 and more reads "×2" on screen. */
  count: number;
}

/** What a caller gives {@link NoticeService.show}. */
export type NoticeInput = Omit<Notice, 'id' | 'sticky' | 'count'> & { sticky?: boolean };

export interface NoticeService {
  /** The notices on screen, oldest first; never more than {@link MAX_NOTICES}. */
  readonly notices: Accessor<Notice[]>;
  /**
   * Shows a notice and returns its id. Errors and notices with an action stay until
   * dismissed; others leave after {@link TRANSIENT_NOTICE_MS}. The same kind and text again
   * does not stack a copy: the one on screen counts up, takes the new details and action,
   * moves to the newest place and, when transient, starts its time again (the id stays).
   */
  show(notice: NoticeInput): number;
  /** Shows any thrown value as an error notice; returns nothing so it can end a catch. */
  error(error: unknown, context?: string): void;
  /** Removes a notice; unknown ids are ignored. */
  dismiss(id: number): void;
}

/** How long an info or success notice stays, in milliseconds. */
export const TRANSIENT_NOTICE_MS = 5000;

/**
 * Most notices on screen at once. A new one past it pushes out the oldest transient one, or
 * the oldest of all when every one is sticky, so the stack stays a few lines high.
 */
export const MAX_NOTICES = 3;

/**
 * `onError` gets every error notice (the app log): the thrown value given to
 * {@link NoticeService.error}, or the text of an error passed to `show`. Without it, errors
 * given to `error` go to the console.
 */
export function createNoticeService(
  clock: Clock,
  onError?: (error: unknown, context: string | undefined) => void,
): NoticeService {
  const [notices, setNotices] = createSignal<Notice[]>([]);
  const timers = new Map<number, () => void>();
  let nextId = 1;

  const cancelTimer = (id: number) => {
    timers.get(id)?.();
    timers.delete(id);
  };
  const dismiss = (id: number) => {
    cancelTimer(id);
    setNotices((list) => list.filter((n) => n.id !== id));
  };

  const display = (input: NoticeInput) => {
    const sticky = input.sticky ?? (input.kind === 'error' || Boolean(input.action));
    const list = notices();
    const same = list.find((n) => n.kind === input.kind && n.text === input.text);
    const id = same?.id ?? nextId++;
    const notice: Notice = { ...input, id, sticky, count: (same?.count ?? 0) + 1 };
    const next = [...list.filter((n) => n.id !== id), notice];
    while (next.length > MAX_NOTICES) {
      const oldest = next.find((n) => !n.sticky) ?? next[0]!;
      cancelTimer(oldest.id);
      next.splice(next.indexOf(oldest), 1);
    }
    setNotices(next);
    cancelTimer(id);
    if (!sticky)
      timers.set(
        id,
        clock.schedule(() => dismiss(id), TRANSIENT_NOTICE_MS),
      );
    return id;
  };

  return {
    notices,
    show(input) {
      if (input.kind === 'error') onError?.(input.text, undefined);
      return display(input);
    },
    dismiss,
    error(error, context) {
      if (onError) onError(error, context);
      else console.error(context ?? 'Cove error', error);
      const text = errorText(error);
      display({ kind: 'error', text: context ? `${context}: ${text}` : text });
    },
  };
}
