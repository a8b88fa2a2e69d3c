import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import type { SessionStateEvent } from '../../../src/agent/session-state';
import { createSessionSignals } from '../../../src/app/session-signals';
import { outlineOf } from '../../../src/store/node-outline';
import type { NodeRecord } from '../../../src/store/records';
import { EDITED_TREE, treeNode } from '../support/edited-tree';

const node = treeNode;
// q1 → a1, then an edited question q1b → a1b (the leaf): two branches at the root.
const TREE = EDITED_TREE.filter((n) => n.id !== 'q2' && n.id !== 'a2');
const PATH = TREE.slice(2);

/** The adapter with session `s` opened on `bodies` at `leafId`. */
function opened(bodies: readonly NodeRecord[], leafId: string) {
  const signals = createSessionSignals(() => 0);
  signals.dispatch({ type: 'session_selected', sessionId: 's' });
  signals.dispatch({
    type: 'session_shown',
    sessionId: 's',
    tree: TREE.map(outlineOf),
    bodies,
    leafId,
  });
  return signals;
}

const appended = (n: NodeRecord): SessionStateEvent => ({
  type: 'node_appended',
  sessionId: n.sessionId,
  node: n,
});

describe('the conversation view over the session state', () => {
  it('shows the path from its bodies and the branches from the tree', () => {
    createRoot((dispose) => {
      const view = opened(PATH, 'a1b');
      const [question, reply] = view.messages();
      expect(view.messages().map((m) => m.content())).toEqual(['text of q1b', 'text of a1b']);
      // The other branch's text was never read; its place among the siblings still shows.
      expect(question!.branch()).toMatchObject({ index: 1, count: 2, previousId: 'q1' });
      expect(reply!.branch()).toMatchObject({ index: 0, count: 1 });
      dispose();
    });
  });

  it('a message appended after opening joins the path; the tree keeps every node', () => {
    createRoot((dispose) => {
      const view = opened(PATH, 'a1b');
      const shownBefore = view.messages();
      view.dispatch(appended(node('q2', 'a1b', 5)));
      expect(view.messages().map((m) => m.id)).toEqual(['q1b', 'a1b', 'q2']);
      // The views already shown stay (their rendered text is not built again).
      expect(view.messages().slice(0, 2)).toEqual(shownBefore);
      expect(view.messages()[2]!.content()).toBe('text of q2');
      expect(view.messages()[2]!.branch()).toMatchObject({ index: 0, count: 1 });
      expect(view.current().shown.tree.map((n) => n.id)).toEqual(['q1', 'a1', 'q1b', 'a1b', 'q2']);
      // A node of a conversation not chosen leaves the one shown as it is.
      view.dispatch(appended({ ...node('q9', null, 6), sessionId: 'other' }));
      expect(view.messages().map((m) => m.id)).toEqual(['q1b', 'a1b', 'q2']);
      dispose();
    });
  });

  it('a reply beside another under the same question shows both branches', () => {
    createRoot((dispose) => {
      // The leaf moved back to the question whose reply stays in the tree (a regenerate).
      const view = opened(TREE.slice(2, 3), 'q1b');
      view.dispatch(appended(node('a1c', 'q1b', 7)));
      expect(view.messages().map((m) => m.id)).toEqual(['q1b', 'a1c']);
      expect(view.messages()[1]!.branch()).toMatchObject({ index: 1, count: 2, previousId: 'a1b' });
      dispose();
    });
  });

  it('a reply streams into its own view, and only the slices that changed notify', () => {
    createRoot((dispose) => {
      const view = opened(PATH, 'a1b');
      const sessions = view.slice((s) => s.sessions);
      const listBefore = sessions();
      const reply: NodeRecord = { ...node('a2', 'q2', 8), content: '', status: 'streaming' };
      view.dispatch(appended(node('q2', 'a1b', 7)));
      view.dispatch(appended(reply));
      const shown = view.messages().at(-1)!;
      const deltas: string[] = [];
      shown.onTextDelta((delta) => deltas.push(delta));
      const draft = {
        id: 'a2',
        content: 'Hel',
        reasoning: '',
        toolCalls: [],
        status: 'streaming' as const,
      };
      view.dispatch({
        type: 'node_event',
        sessionId: 's',
        nodeId: 'a2',
        event: { type: 'text_delta', delta: 'Hel' },
        draft,
        at: 9,
      });
      expect(shown.content()).toBe('Hel');
      expect(deltas).toEqual(['Hel']);
      view.dispatch({
        type: 'node_event',
        sessionId: 's',
        nodeId: 'a2',
        event: { type: 'node_end' },
        draft: { ...draft, content: 'Hello', status: 'complete' },
        at: 10,
      });
      // The same view shows the finished reply; the list of sessions never moved.
      expect(view.messages().at(-1)).toBe(shown);
      expect(shown.content()).toBe('Hello');
      expect(shown.status()).toBe('complete');
      expect(sessions()).toBe(listBefore);
      dispose();
    });
  });
});
