import { createSignal, type Accessor } from 'solid-js';
import type { Clock } from '../base/clock';
import { describeError } from '../base/errors';

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
}

export interface NoticeService {
  readonly notices: Accessor<Notice[]>;
  show(notice: Omit<Notice, 'id' | 'sticky'> & { sticky?: boolean }): number;
  /** Shows any thrown value as an error notice; returns nothing so it can end a catch. */
  error(error: unknown, context?: string): void;
  dismiss(id: number): void;
}

/** How long an info or success notice stays, in milliseconds. */
const TRANSIENT_MS = 5000;

export function createNoticeService(clock: Clock): NoticeService {
  const [notices, setNotices] = createSignal<Notice[]>([]);
  let nextId = 1;
  const dismiss = (id: number) => setNotices((list) => list.filter((n) => n.id !== id));
  const show: NoticeService['show'] = (input) => {
    const id = nextId++;
    const sticky = input.sticky ?? (input.kind === 'error' || Boolean(input.action));
    // The same message again replaces the one on screen instead of stacking copies.
    setNotices((list) => [
      ...list.filter((n) => !(n.kind === input.kind && n.text === input.text)).slice(-4),
      { ...input, id, sticky },
    ]);
    if (!sticky) clock.schedule(() => dismiss(id), TRANSIENT_MS);
    return id;
  };
  return {
    notices,
    show,
    dismiss,
    error(error, context) {
      console.error(context ?? 'Cove error', error);
      const text = describeError(error);
      show({ kind: 'error', text: context ? `${context}: ${text}` : text });
    },
  };
}
