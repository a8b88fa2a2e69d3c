/**
 * Turns a reply's "[n]" into a link to the passage retrieved as n: a button that opens the
 * file at the passage's first line. A number no retrieved passage has stays plain text (the
 * model cited something it was not given). A passage whose file changed since it was
 * retrieved says so, and one whose file is gone says that.
 */
import {
  findCitations,
  passageLocation,
  type KnowledgePassage,
} from '../../workspace/knowledge/knowledge-citations';

/** Where a citation stands against the workspace now. */
export type PassageFreshness = 'same' | 'changed' | 'deleted';

const SKIPPED = 'pre, code, a, button, .cove-code';

export function linkCitations(
  container: HTMLElement,
  passages: readonly KnowledgePassage[],
  freshness: (passage: KnowledgePassage) => PassageFreshness,
  open: (passage: KnowledgePassage) => void,
): void {
  if (!passages.length) return;
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node as Text;
    if (text.parentElement?.closest(SKIPPED)) continue;
    if (text.data.includes('[')) texts.push(text);
  }
  for (const text of texts) {
    const marks = findCitations(text.data, passages).filter((mark) => mark.passage);
    if (!marks.length) continue;
    const fragment = document.createDocumentFragment();
    let at = 0;
    for (const mark of marks) {
      fragment.append(text.data.slice(at, mark.index));
      fragment.append(citationButton(mark.n, mark.passage!, freshness(mark.passage!), open));
      at = mark.index + mark.length;
    }
    fragment.append(text.data.slice(at));
    text.replaceWith(fragment);
  }
}

function citationButton(
  n: number,
  passage: KnowledgePassage,
  fresh: PassageFreshness,
  open: (passage: KnowledgePassage) => void,
): HTMLElement {
  const where = passage.page
    ? `${passage.path}, page ${passage.page}`
    : `${passage.path}, line ${passage.startLine}`;
  const note =
    fresh === 'changed'
      ? ' (the file changed since)'
      : fresh === 'deleted'
        ? ' (the file was deleted since)'
        : '';
  const button = document.createElement('button');
  button.type = 'button';
  button.className = `citation${fresh === 'same' ? '' : ' citation-stale'}`;
  button.textContent = `[${n}]`;
  button.setAttribute('aria-label', `Source ${n}: ${where}${note}`);
  button.title = `${passageLocation(passage)}${note}`;
  button.disabled = fresh === 'deleted';
  button.addEventListener('click', () => open(passage));
  if (!note) return button;
  const wrap = document.createElement('span');
  const said = document.createElement('span');
  said.className = 'citation-note';
  said.textContent = fresh === 'changed' ? ' changed since' : ' deleted since';
  wrap.append(button, said);
  return wrap;
}
