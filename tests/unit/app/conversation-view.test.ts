import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createConversationView } from '../../../src/app/conversation-view';
import { outlineOf } from '../../../src/store/node-outline';
import { EDITED_TREE, treeNode } from '../support/edited-tree';

const node = treeNode;
// q1 → a1, then an edited question q1b → a1b (the leaf): two branches at the root.
const TREE = EDITED_TREE.filter((n) => n.id !== 'q2' && n.id !== 'a2');
const PATH = TREE.slice(2);

describe('the conversation view over a tree without bodies', () => {
  it('shows the path from its bodies and the branches from the tree', () => {
    createRoot((dispose) => {
      const view = createConversationView(() => false);
      view.show(TREE.map(outlineOf), PATH, 'a1b');
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
      const view = createConversationView(() => false);
      view.show(TREE.map(outlineOf), PATH, 'a1b');
      const shownBefore = view.messages();
      view.append(node('q2', 'a1b', 5));
      expect(view.messages().map((m) => m.id)).toEqual(['q1b', 'a1b', 'q2']);
      // The views already shown stay (their rendered text is not built again).
      expect(view.messages().slice(0, 2)).toEqual(shownBefore);
      expect(view.messages()[2]!.content()).toBe('text of q2');
      expect(view.messages()[2]!.branch()).toMatchObject({ index: 0, count: 1 });
      expect(view.tree().map((n) => n.id)).toEqual(['q1', 'a1', 'q1b', 'a1b', 'q2']);
      // A node of another conversation starts the view over rather than joining this tree.
      view.append({ ...node('q9', null, 6), sessionId: 'other' });
      expect(view.messages().map((m) => m.id)).toEqual(['q9']);
      expect(view.tree().map((n) => n.id)).toEqual(['q9']);
      dispose();
    });
  });

  it('a reply beside another under the same question shows both branches', () => {
    createRoot((dispose) => {
      const view = createConversationView(() => false);
      // The leaf moved back to the question whose reply stays in the tree (a regenerate).
      view.show(TREE.map(outlineOf), TREE.slice(2, 3), 'q1b');
      view.append(node('a1c', 'q1b', 7));
      expect(view.messages().map((m) => m.id)).toEqual(['q1b', 'a1c']);
      expect(view.messages()[1]!.branch()).toMatchObject({ index: 1, count: 2, previousId: 'a1b' });
      dispose();
    });
  });
});
