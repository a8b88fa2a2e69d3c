/**
 * The sessions list as a person scans it: starred ones first, then the rest by last
 * activity, grouped by day ("Today", "Yesterday", then dates). Pure; days are the local
 * calendar days of the runtime.
 */
import type { SessionRecord } from '../store/records';

/** One heading of the sessions list and its sessions, most recent first. */
export interface SessionGroup {
  readonly label: string;
  readonly sessions: readonly SessionRecord[];
}

/** Midnight (local time) of the day of `time`, in ms since the epoch. */
function dayStart(time: number): number {
  const date = new Date(time);
  date.setHours(0, 0, 0, 0);
  return date.getTime();
}

const DATE = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});

/** The heading of a day relative to `now`: Today, Yesterday, or the date. */
export function dayLabel(time: number, now: number): string {
  const today = dayStart(now);
  const day = dayStart(time);
  if (day >= today) return 'Today';
  const yesterday = new Date(today);
  yesterday.setDate(yesterday.getDate() - 1);
  if (day >= yesterday.getTime()) return 'Yesterday';
  return DATE.format(new Date(time));
}

/**
 * Groups `sessions`: a "Starred" group first (when any is starred), then one group per day
 * of last activity (updatedAt), newest first. Each session appears once.
 */
export function groupSessions(sessions: readonly SessionRecord[], now: number): SessionGroup[] {
  const sorted = [...sessions].sort((a, b) => b.updatedAt - a.updatedAt);
  const groups: { label: string; sessions: SessionRecord[] }[] = [];
  const starred = sorted.filter((s) => s.starred);
  if (starred.length) groups.push({ label: 'Starred', sessions: starred });
  for (const session of sorted) {
    if (session.starred) continue;
    const label = dayLabel(session.updatedAt, now);
    const last = groups.at(-1);
    if (last && last.label === label && last.label !== 'Starred') last.sessions.push(session);
    else groups.push({ label, sessions: [session] });
  }
  return groups;
}
