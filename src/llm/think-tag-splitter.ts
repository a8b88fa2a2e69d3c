/** A piece of streamed content, sorted into answer text or reasoning. */
export interface ContentPiece {
  kind: 'text' | 'reasoning';
  text: string;
}

const OPEN = '<think>';
const CLOSE = '</think>';

type State = 'start' | 'before_reasoning' | 'reasoning' | 'after_reasoning' | 'text';

/**
 * Splits reasoning out of streamed content for models that write it inline as
 * `<think>…</think>` (DeepSeek-R1 distills and Qwen on servers without a reasoning parser).
 * Only a block that opens the message counts (leading whitespace allowed): a tag later in an
 * answer is text about tags, not reasoning. Tags may be split across pushes at any
 * character; undecided characters are held back until the next push or {@link flush}.
 * Whitespace hugging the reasoning, and between `</think>` and the answer, is dropped.
 */
export class ThinkTagSplitter {
  private state: State = 'start';
  private pending = '';

  /** Feeds the next piece of content; returns what can be decided so far, in order. */
  push(text: string): ContentPiece[] {
    const out: ContentPiece[] = [];
    this.pending += text;
    this.drain(out);
    return out;
  }

  /** Ends the stream: whatever is held back is released (a half tag is plain text). */
  flush(): ContentPiece[] {
    const out: ContentPiece[] = [];
    const rest = this.pending;
    this.pending = '';
    if (this.state === 'start') emit(out, 'text', rest);
    else if (this.state === 'reasoning' || this.state === 'before_reasoning') {
      emit(out, 'reasoning', rest.trimEnd());
    } else if (this.state === 'text') emit(out, 'text', rest);
    this.state = 'text';
    return out;
  }

  private drain(out: ContentPiece[]): void {
    for (;;) {
      switch (this.state) {
        case 'start': {
          const trimmed = this.pending.trimStart();
          if (trimmed.startsWith(OPEN)) {
            this.pending = trimmed.slice(OPEN.length);
            this.state = 'before_reasoning';
            continue;
          }
          if (trimmed === '' || OPEN.startsWith(trimmed)) return;
          this.state = 'text';
          continue;
        }
        case 'before_reasoning':
          this.pending = this.pending.trimStart();
          if (this.pending === '') return;
          this.state = 'reasoning';
          continue;
        case 'reasoning': {
          const end = this.pending.indexOf(CLOSE);
          if (end >= 0) {
            emit(out, 'reasoning', this.pending.slice(0, end).trimEnd());
            this.pending = this.pending.slice(end + CLOSE.length);
            this.state = 'after_reasoning';
            continue;
          }
          const keep = heldTail(this.pending);
          emit(out, 'reasoning', this.pending.slice(0, this.pending.length - keep));
          this.pending = this.pending.slice(this.pending.length - keep);
          return;
        }
        case 'after_reasoning': {
          this.pending = this.pending.trimStart();
          if (this.pending === '') return;
          this.state = 'text';
          continue;
        }
        case 'text':
          emit(out, 'text', this.pending);
          this.pending = '';
          return;
      }
    }
  }
}

/** Length of the tail to hold back: a possible start of `</think>` plus whitespace before it. */
function heldTail(text: string): number {
  let partial = 0;
  for (let length = Math.min(CLOSE.length - 1, text.length); length > 0; length--) {
    if (CLOSE.startsWith(text.slice(text.length - length))) {
      partial = length;
      break;
    }
  }
  let start = text.length - partial;
  while (start > 0 && /\s/.test(text[start - 1]!)) start--;
  return text.length - start;
}

function emit(out: ContentPiece[], kind: ContentPiece['kind'], text: string): void {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.kind === kind) last.text += text;
  else out.push({ kind, text });
}
