import type { OutputChunk, OutputStream } from './python-runtime';

/** What the batcher hands on: output in order, and once, the notice that the cap was hit. */
export type OutputBatch =
  { type: 'output'; chunks: OutputChunk[] } | { type: 'output-truncated'; limitChars: number };

/** How the batcher trades latency for message count. */
export interface OutputBatcherOptions {
  /** Most characters passed on in total; the rest is counted and dropped. */
  limitChars: number;
  /** Pass on at once when this many characters are held. Default 64 Ki. */
  flushChars?: number;
  /**
   * Minimum milliseconds between two batches while output keeps coming. The first write
   * after a quiet spell goes out at once, so ordinary output is never delayed. Default 16.
   */
  minIntervalMs?: number;
  /** Monotonic milliseconds (performance.now in the worker). */
  now: () => number;
  /** Receives each batch; called synchronously from write/flush. */
  emit: (batch: OutputBatch) => void;
}

/**
 * Collects a program's output into few, ordered batches so that ten megabytes of prints
 * become a handful of messages instead of millions, and caps the total.
 *
 * It has no timer of its own: a worker running Python synchronously cannot run one. Held
 * output goes out on the next write after `minIntervalMs`, on `flushIfDue` (the client's
 * periodic poke, when the page is isolated) and on `flush` at the end of the run.
 */
export class OutputBatcher {
  private readonly limit: number;
  private readonly flushChars: number;
  private readonly minInterval: number;
  private pending: OutputChunk[] = [];
  private pendingChars = 0;
  private lastEmit = -Infinity;
  private shown = 0;
  private dropped = 0;
  private cut = false;

  constructor(private readonly options: OutputBatcherOptions) {
    this.limit = options.limitChars;
    this.flushChars = options.flushChars ?? 64 * 1024;
    this.minInterval = options.minIntervalMs ?? 16;
  }

  /** True once the cap was reached; later writes are only counted. */
  get truncated(): boolean {
    return this.cut;
  }

  /** Characters passed on so far (held ones included). */
  get shownChars(): number {
    return this.shown;
  }

  /** UTF-8 bytes dropped after the cap (as reported to `drop`). */
  get droppedBytes(): number {
    return this.dropped;
  }

  /** Counts bytes written after the cap without decoding them (the cheap path for floods). */
  drop(byteCount: number): void {
    this.dropped += byteCount;
  }

  /** Adds text written to `stream`. Empty text is ignored. */
  write(stream: OutputStream, text: string): void {
    if (!text) return;
    if (this.cut) {
      this.dropped += utf8Length(text);
      return;
    }
    const room = this.limit - this.shown;
    let kept = text;
    if (text.length > room) {
      kept = sliceWhole(text, room);
      this.dropped += utf8Length(text.slice(kept.length));
    }
    if (kept) this.append(stream, kept);
    if (text.length > room) {
      this.cut = true;
      this.flush();
      this.options.emit({ type: 'output-truncated', limitChars: this.limit });
      return;
    }
    this.flushIfDue();
  }

  /** Passes held output on when enough is held or enough time has passed since the last batch. */
  flushIfDue(): void {
    if (!this.pending.length) return;
    if (
      this.pendingChars >= this.flushChars ||
      this.options.now() - this.lastEmit >= this.minInterval
    ) {
      this.flush();
    }
  }

  /** Passes all held output on now. */
  flush(): void {
    if (!this.pending.length) return;
    const chunks = this.pending;
    this.pending = [];
    this.pendingChars = 0;
    this.lastEmit = this.options.now();
    this.options.emit({ type: 'output', chunks });
  }

  private append(stream: OutputStream, text: string): void {
    this.shown += text.length;
    this.pendingChars += text.length;
    const last = this.pending[this.pending.length - 1];
    if (last && last.stream === stream) last.text += text;
    else this.pending.push({ stream, text });
  }
}

/** The first `count` UTF-16 units of `text`, one less if that would split a surrogate pair. */
function sliceWhole(text: string, count: number): string {
  if (count <= 0) return '';
  const code = text.charCodeAt(count - 1);
  return code >= 0xd800 && code <= 0xdbff ? text.slice(0, count - 1) : text.slice(0, count);
}

/** UTF-8 length of text without allocating. */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}
