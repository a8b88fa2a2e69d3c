import { describe, expect, it } from 'vitest';
import { groupSessions } from '../../../src/agent/session-groups';
import type { SessionRecord } from '../../../src/store/records';

const at = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime();
const session = (id: string, updatedAt: number, starred = false): SessionRecord => ({
  id,
  workspaceId: 'w',
  title: id,
  mode: 'chat',
  leafId: null,
  createdAt: 0,
  updatedAt,
  starred,
});

describe('sessions grouped by day', () => {
  it('puts starred first, then Today, Yesterday and dates, newest first', () => {
    const now = at(2026, 12, 3, 15);
    const groups = groupSessions(
      [
        session('old', at(2026, 11, 20)),
        session('today-early', at(2026, 12, 3, 1)),
        session('yesterday', at(2026, 12, 2, 23)),
        session('today-late', at(2026, 12, 3, 14)),
        session('pinned', at(2026, 10, 1), true),
      ],
      now,
    );
    expect(groups.map((g) => [g.label, g.sessions.map((s) => s.id)])).toEqual([
      ['Starred', ['pinned']],
      ['Today', ['today-late', 'today-early']],
      ['Yesterday', ['yesterday']],
      ['Fri, 20 Nov 2026', ['old']],
    ]);
  });
});
