import { splitInputEcho } from './input-echo';
import type { WorkerEvent } from './python-protocol';
import type { OutputChunk, RunEvent, RunFigure } from './python-runtime';

/**
 * Folds one run's worker events into what the result needs (output in order, figures,
 * start time) and re-emits them as public RunEvents. Kept apart from the client so the
 * fold is tested without a worker; whatever arrived before a kill is what the result keeps.
 */
export class RunCollector {
  readonly output: OutputChunk[] = [];
  readonly figures: RunFigure[] = [];
  stdout = '';
  stderr = '';
  truncated = false;
  /** Epoch ms execution began (worker clock), once `started` arrived. */
  startedAt: number | undefined;
  /** Execution ms the worker reported with `ended`. */
  endedDuration: number | undefined;
  /** Highest event sequence number seen. */
  lastSeq = -1;
  private waiters: { seq: number; resolve: () => void }[] = [];

  constructor(
    readonly runId: string,
    private readonly emit: (event: RunEvent) => void,
  ) {}

  /** Takes one worker event; events of other runs are ignored. */
  accept(event: WorkerEvent): void {
    if (event.runId !== this.runId) return;
    this.lastSeq = Math.max(this.lastSeq, event.seq);
    switch (event.type) {
      case 'packages':
        this.emit({ type: 'preparing', step: 'loading-packages', packages: event.names });
        break;
      case 'started':
        this.startedAt = event.startedAt;
        this.emit({ type: 'started', startedAt: event.startedAt });
        break;
      case 'output':
        for (const chunk of event.chunks) this.addOutput(chunk);
        break;
      case 'output-truncated':
        this.truncated = true;
        this.emit({ type: 'output-truncated', limitChars: event.limitChars });
        break;
      case 'figure': {
        const figure: RunFigure = { mimeType: event.mimeType, bytes: event.bytes };
        this.figures.push(figure);
        this.emit({ type: 'figure', figure });
        break;
      }
      case 'ended':
        this.endedDuration = event.duration;
        break;
    }
    this.waiters = this.waiters.filter((waiter) => {
      if (waiter.seq > this.lastSeq) return true;
      waiter.resolve();
      return false;
    });
  }

  /**
   * Resolves once every event up to `seq` arrived. Events and answers travel on different
   * ports, whose relative order the platform does not promise.
   */
  until(seq: number): Promise<void> {
    if (seq <= this.lastSeq) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push({ seq, resolve }));
  }

  private addOutput(chunk: OutputChunk): void {
    if (!chunk.text) return;
    if (chunk.stream === 'stderr') {
      this.append({ stream: 'stderr', text: chunk.text });
      return;
    }
    // What input() read comes back inside stdout between markers (see input-echo.ts).
    for (const piece of splitInputEcho(chunk.text)) {
      this.append(
        piece.input
          ? { stream: 'stdout', text: piece.text, input: true }
          : { stream: 'stdout', text: piece.text },
      );
    }
  }

  private append(chunk: OutputChunk): void {
    if (chunk.input) {
      // Echoed input is shown, but the program did not write it: stdout stays what it wrote.
    } else if (chunk.stream === 'stdout') this.stdout += chunk.text;
    else this.stderr += chunk.text;
    const last = this.output[this.output.length - 1];
    if (last && last.stream === chunk.stream && !last.input === !chunk.input) {
      last.text += chunk.text;
    } else this.output.push({ ...chunk });
    this.emit(
      chunk.input
        ? { type: 'output', stream: chunk.stream, text: chunk.text, input: true }
        : { type: 'output', stream: chunk.stream, text: chunk.text },
    );
  }
}
