import {
  collectLinkDefinitions,
  mergeLinkDefinitions,
  renderBlock,
  renderBlockMarkup,
} from './block-renderer';
import type { LinkDefinitions } from './block-renderer';
import { splitBlocks } from './block-splitter';
import type { CodeBlockSource } from './code-block';
import type { RenderedMessage } from './markdown-renderer';
import {
  BLOCK_CLASS,
  OPEN_BLOCK_CLASS,
  OVERFLOW_CLASS,
  OVERFLOW_KEY,
  PENDING_CLASS,
  blockKey,
  hiddenNotice,
  overflowInnerHtml,
  wrapBlockHtml,
  wrapOverflowHtml,
} from './message-layout';
import { resolveLimits } from './render-limits';
import type { RenderLimits } from './render-limits';
import { sanitizeHtml } from './sanitize';
import { SourceNormalizer } from './source-normalizer';

/** A settled block as the UI sees it (see {@link StreamingRendererOptions.onBlock}). */
export interface SettledBlockInfo {
  /** `data-block-key` of the block: `b0`, `b1`… */
  key: string;
  index: number;
  /** Its code blocks, complete. */
  codeBlocks: readonly CodeBlockSource[];
}

/** Options of {@link createStreamingRenderer}. */
export interface StreamingRendererOptions {
  /**
   * Runs `callback` once before the next paint and returns a function that cancels it.
   * Default: `requestAnimationFrame`. Tests pass a scheduler they drive by hand.
   */
  scheduleFrame?: (callback: () => void) => () => void;
  /**
   * Runs `callback` in a task of its own soon, without waiting for a frame, and returns a
   * function that cancels it. A backlog (a fast reply settles many blocks at once) is worked
   * off in such tasks between frames, each within the frame budget, so that it takes the
   * main thread's spare time rather than one budget per frame; the screen still changes
   * once per frame. Default: a `MessageChannel` message when `scheduleFrame` is the default,
   * else none (tests that drive frames by hand see frames only).
   */
  scheduleTask?: (callback: () => void) => () => void;
  /** Monotonic time in milliseconds, for the frame budget. Default: `performance.now`. */
  now?: () => number;
  /**
   * Milliseconds per frame for rendering newly settled blocks and then re-checking them
   * (at least one block per frame either way); the open end comes on top. Default 8.
   */
  frameBudgetMs?: number;
  /**
   * Whether input (a key, a click) waits to be handled: a frame's work then stops early, after
   * one block, so that typing elsewhere on the page is not held up by a fast reply. Default:
   * `navigator.scheduling.isInputPending` where the browser has it, else never.
   */
  inputPending?: () => boolean;
  /**
   * Called for each settled block's element after it is inserted, once (again only if
   * `finalize()` had to replace the element). Settled blocks are never re-rendered while
   * streaming, so buttons the UI adds to their code blocks stay. A throwing callback is
   * reported to the console and does not stop rendering.
   */
  onBlock?: (element: HTMLElement, block: SettledBlockInfo) => void;
  limits?: Partial<RenderLimits>;
}

/**
 * Renders a message into a container as its text streams in. See
 * {@link createStreamingRenderer}.
 */
export interface StreamingRenderer {
  /** Adds text at the end of the message; the container updates on the next frame.
   * Throws after `complete()`, `finalize()` or `dispose()`. */
  append(delta: string): void;
  /** Does now, synchronously, all the work that frames would do (ignores the budget). */
  flush(): void;
  /**
   * Does one frame's work now, within the frame budget, instead of at the next frame (the
   * rest follows in frames): shows a reply's first words in the task they arrive in without
   * making that task long, however much text came with them.
   */
  drawNow(): void;
  /**
   * The message is complete: renders everything left, finishes the second sanitizer pass,
   * and leaves the container holding exactly `renderMarkdown(text).html` (plus whatever the
   * UI added to settled blocks). Returns that result; later calls return it again.
   */
  finalize(): RenderedMessage;
  /**
   * No more text will come, but rendering goes on in frames within the budget (unlike
   * `finalize()`, which does all that is left at once). Resolves with what `finalize()`
   * returns, once it is cheap: use it to end a fast stream or to show a long stored message
   * without a long task. Calling `finalize()` meanwhile finishes at once and resolves too.
   */
  complete(): Promise<RenderedMessage>;
  /** Source of code block `index`: settled ones, then those of the open end (`complete`
   * false, growing). Undefined when there is no such block (yet). */
  codeBlock(index: number): CodeBlockSource | undefined;
  /** All code blocks known so far, by index. */
  codeBlocks(): CodeBlockSource[];
  /** Stops scheduling work and leaves the container as it is; a pending `complete()` then
   * never resolves. */
  dispose(): void;
  /** The text received so far. */
  readonly text: string;
  readonly finalized: boolean;
}

interface BlockRecord {
  key: string;
  raw: string;
  html: string;
  element: HTMLElement;
  codeIndexBase: number;
  formulaIndexBase: number;
  codeBlocks: CodeBlockSource[];
  /** How many link definitions the block was rendered with. */
  linkCount: number;
  /** Whether its HTML has been through the second sanitizer pass. */
  verified: boolean;
}

/** The open end's rendering may use at most 1/(1+OPEN_BACKOFF) of the main thread: after it
 * took t ms, it waits OPEN_BACKOFF·t ms before running again (a huge open list or code
 * block would otherwise be re-rendered on every frame). */
const OPEN_BACKOFF = 3;

/** Most blocks sanitized in one call when the budget does not count (`flush`, `finalize`). */
const MAX_BATCH = 64;

/** A settled block rendered but not sanitized yet (see `settleBatch`). */
interface BlockMarkup {
  key: string;
  raw: string;
  markup: string;
  standIn: HTMLElement | undefined;
  codeIndexBase: number;
  formulaIndexBase: number;
  codeBlocks: CodeBlockSource[];
  linkCount: number;
}

interface InputScheduling {
  isInputPending?: () => boolean;
}

function defaultInputPending(): () => boolean {
  const scheduling = (globalThis.navigator as { scheduling?: InputScheduling } | undefined)
    ?.scheduling;
  return scheduling?.isInputPending ? () => scheduling.isInputPending!() : () => false;
}

function defaultScheduler(callback: () => void): () => void {
  const id = requestAnimationFrame(() => callback());
  return () => cancelAnimationFrame(id);
}

/** A task soon after this one: a message to oneself, which (unlike `setTimeout`) is not
 * clamped to 4 ms when nested, and lets input and frames in between. */
function defaultTaskScheduler(): (callback: () => void) => () => void {
  const channel = new MessageChannel();
  let next: (() => void) | null = null;
  channel.port1.onmessage = () => {
    const run = next;
    next = null;
    run?.();
  };
  return (callback) => {
    next = callback;
    channel.port2.postMessage(null);
    return () => {
      if (next === callback) next = null;
    };
  };
}

class StreamingRendererImpl implements StreamingRenderer {
  private readonly limits: RenderLimits;
  private readonly normalizer: SourceNormalizer;
  private readonly scheduleFrame: (callback: () => void) => () => void;
  private readonly scheduleTask: ((callback: () => void) => () => void) | undefined;
  private readonly now: () => number;
  private readonly budget: number;
  private readonly inputPending: () => boolean;
  private readonly onBlock: StreamingRendererOptions['onBlock'];
  private readonly doc: Document;

  private raw = '';
  /** Guarded source after the last settled block (complete lines; all of it once the
   * Markdown part is complete). */
  private open = '';
  private splitDirty = false;
  private markdownSettled = false;
  private pending: string[] = [];
  private pendingStart = 0;
  /** The plain-text stand-ins of pending blocks, by index in `pending` (see
   * showPendingAsText). */
  private standIns: (HTMLElement | undefined)[] = [];
  private readonly blocks: BlockRecord[] = [];
  private readonly settledCode: CodeBlockSource[] = [];
  private settledFormulas = 0;
  private readonly links: LinkDefinitions = Object.create(null);
  private linkCount = 0;

  private tail: HTMLElement | null = null;
  private tailSource: string | null = null;
  private tailCode: CodeBlockSource[] = [];
  private openCost = 0;
  private lastOpenWork = -Infinity;

  private overflow: HTMLElement | null = null;
  private overflowText: Text | null = null;
  private overflowHidden: HTMLElement | null = null;
  private overflowShown = 0;

  private verifiedUpTo = 0;
  /** Milliseconds a sanitizer call takes per character of HTML, as measured so far: the
   * frame budget is planned with it, since one call cannot be stopped half-way. */
  private sanitizeCost = 0.002;
  private cancelFrame: (() => void) | null = null;
  private cancelTask: (() => void) | null = null;
  private result: RenderedMessage | null = null;
  private disposed = false;
  private completion: {
    promise: Promise<RenderedMessage>;
    resolve: (r: RenderedMessage) => void;
  } | null = null;

  constructor(
    private readonly container: HTMLElement,
    options: StreamingRendererOptions,
  ) {
    this.limits = resolveLimits(options.limits);
    this.normalizer = new SourceNormalizer(this.limits);
    this.scheduleFrame = options.scheduleFrame ?? defaultScheduler;
    this.scheduleTask =
      options.scheduleTask ??
      (options.scheduleFrame || typeof MessageChannel === 'undefined'
        ? undefined
        : defaultTaskScheduler());
    this.now = options.now ?? (() => performance.now());
    this.budget = options.frameBudgetMs ?? 8;
    this.inputPending = options.inputPending ?? defaultInputPending();
    this.onBlock = options.onBlock;
    this.doc = container.ownerDocument;
    container.replaceChildren();
  }

  get text(): string {
    return this.raw;
  }

  get finalized(): boolean {
    return this.result !== null;
  }

  append(delta: string): void {
    if (this.result || this.completion) throw new Error('StreamingRenderer.append after the end');
    if (this.disposed) throw new Error('StreamingRenderer.append after dispose()');
    if (!delta) return;
    this.raw += delta;
    this.normalizer.push(delta);
    this.takeLines();
    this.requestFrame();
  }

  complete(): Promise<RenderedMessage> {
    if (this.result) return Promise.resolve(this.result);
    if (!this.completion) {
      let resolve!: (r: RenderedMessage) => void;
      const promise = new Promise<RenderedMessage>((r) => (resolve = r));
      this.completion = { promise, resolve };
      this.normalizer.end();
      this.takeLines();
      this.requestFrame();
    }
    return this.completion.promise;
  }

  flush(): void {
    if (this.result || this.disposed) return;
    this.cancelScheduledFrame();
    this.work(true);
  }

  drawNow(): void {
    if (this.result || this.disposed) return;
    this.cancelScheduledFrame();
    this.work(false);
  }

  finalize(): RenderedMessage {
    if (this.result) return this.result;
    this.cancelScheduledFrame();
    this.normalizer.end();
    this.takeLines();
    this.work(true);
    this.removeTail();
    let overflowHtml = '';
    if (this.normalizer.hasOverflow) {
      const overflow = this.ensureOverflow();
      overflowHtml = sanitizeHtml(
        overflowInnerHtml(
          this.normalizer.overflowText,
          this.normalizer.overflowLength,
          this.limits.maxMarkdownChars,
        ),
      );
      overflow.innerHTML = overflowHtml;
    }
    this.applyLateLinkDefinitions();
    this.verify(true);
    const html =
      this.blocks.map((block) => wrapBlockHtml(block.key, block.html)).join('') +
      (this.normalizer.hasOverflow ? wrapOverflowHtml(overflowHtml) : '');
    this.result = {
      html,
      codeBlocks: [...this.settledCode],
      blockCount: this.blocks.length,
      truncated: this.normalizer.hasOverflow,
    };
    this.cancelScheduledFrame();
    this.completion?.resolve(this.result);
    return this.result;
  }

  codeBlock(index: number): CodeBlockSource | undefined {
    if (index < 0) return undefined;
    if (index < this.settledCode.length) return this.settledCode[index];
    return this.result ? undefined : this.tailCode[index - this.settledCode.length];
  }

  codeBlocks(): CodeBlockSource[] {
    return this.result ? [...this.settledCode] : [...this.settledCode, ...this.tailCode];
  }

  dispose(): void {
    this.disposed = true;
    this.cancelScheduledFrame();
  }

  private cancelScheduledFrame(): void {
    this.cancelFrame?.();
    this.cancelFrame = null;
    this.cancelTask?.();
    this.cancelTask = null;
  }

  private takeLines(): void {
    const lines = this.normalizer.drainLines();
    if (lines) {
      this.open += lines;
      this.splitDirty = true;
    }
  }

  private requestFrame(): void {
    if (this.cancelFrame || this.result || this.disposed) return;
    this.cancelFrame = this.scheduleFrame(() => {
      this.cancelFrame = null;
      if (!this.result && !this.disposed) this.work(false);
    });
  }

  /** Works off the backlog in a task before the next frame too (see `scheduleTask`). */
  private requestTask(): void {
    if (!this.scheduleTask || this.cancelTask || this.result || this.disposed) return;
    this.cancelTask = this.scheduleTask(() => {
      this.cancelTask = null;
      if (!this.result && !this.disposed) this.work(false, false);
    });
  }

  /**
   * One frame's work; `all` ignores the budget and the open end's back-off. Between frames
   * (`inFrame` false) only settled blocks are worked on: the open end, redrawn whole each
   * time, is drawn at most once per frame.
   */
  private work(all: boolean, inFrame = true): void {
    const start = this.now();
    const openAllowed = all || start - this.lastOpenWork >= this.openCost * OPEN_BACKOFF;
    let openStart = -1;
    if (this.normalizer.markdownComplete && !this.markdownSettled) {
      const { blocks } = splitBlocks(this.open, 0, 'final');
      this.queue(blocks);
      this.open = '';
      this.markdownSettled = true;
      this.splitDirty = false;
    } else if (this.splitDirty && openAllowed) {
      openStart = this.now();
      const { blocks, end } = splitBlocks(this.open, 0, 'stream');
      this.queue(blocks);
      this.open = this.open.slice(end);
      this.splitDirty = false;
    }
    const settledBefore = this.blocks.length;
    do this.settleBatch(all, start);
    while (all && this.pendingStart < this.pending.length);
    if (this.pendingStart < this.pending.length) {
      this.showPendingAsText();
      this.requestFrame();
    } else {
      this.pending = [];
      this.pendingStart = 0;
      this.standIns = [];
      if (this.markdownSettled) {
        this.removeTail();
      } else if (openAllowed && inFrame) {
        if (openStart < 0) openStart = this.now();
        this.renderTail();
      } else if (this.open + this.normalizer.partialLine !== this.tailSource) {
        this.requestFrame(); // the open end changed but must wait for its back-off
      }
    }
    if (openStart >= 0) {
      this.lastOpenWork = this.now();
      this.openCost = this.lastOpenWork - openStart;
    }
    this.updateOverflow();
    // The second pass takes what is left of the budget (one block at least when nothing
    // settled this frame, so that it always progresses).
    this.verify(all, start, this.blocks.length === settledBefore);
    if (!all && this.pendingStart < this.pending.length) this.requestTask();
    if (this.verifiedUpTo < this.blocks.length) {
      this.requestFrame();
      if (!all) this.requestTask();
    } else if (
      !all &&
      this.completion &&
      this.markdownSettled &&
      this.pendingStart >= this.pending.length
    ) {
      this.finalize();
    }
  }

  /**
   * The second sanitizer pass over the message (the design's "sanitize the final HTML of
   * the whole message"), done block by block so that it never blocks the page: each
   * settled block's wrapped HTML is sanitized again, within the frame budget while
   * streaming and for the rest in `finalize()`. Blocks are separate, balanced subtrees, so
   * this is the whole-message pass cut at block boundaries. It changes nothing unless the
   * first pass was not a fixed point; then the block takes the second pass's HTML.
   */
  private verify(all: boolean, frameStart = 0, atLeastOne = false): void {
    let first = atLeastOne;
    while (this.verifiedUpTo < this.blocks.length) {
      if (!all && !first && this.inputPending()) break;
      const left = this.budget - (this.now() - frameStart);
      const batch: BlockRecord[] = [];
      let chars = 0;
      for (let i = this.verifiedUpTo; i < this.blocks.length && batch.length < MAX_BATCH; i++) {
        const block = this.blocks[i]!;
        const size = block.html.length;
        if (!all && !first && (chars + size) * this.sanitizeCost > left) break;
        first = false;
        batch.push(block);
        chars += size;
      }
      if (!batch.length) break;
      const start = this.verifiedUpTo;
      this.verifiedUpTo += batch.length;
      // The blocks of a batch go through the sanitizer in one call (a call has a fixed cost
      // of about 0.3 ms, more than a short block's own); only when the batch is not a fixed
      // point are they taken one by one, to find the block that changed.
      const wrapped = batch.map((block) => wrapBlockHtml(block.key, block.html)).join('');
      if (this.timedSanitize(wrapped) === wrapped) {
        for (const block of batch) block.verified = true;
        continue;
      }
      batch.forEach((block, i) => {
        if (block.verified) return;
        block.verified = true;
        const alone = wrapBlockHtml(block.key, block.html);
        const again = sanitizeHtml(alone);
        if (again !== alone) this.adoptSecondPass(block, start + i, again);
      });
    }
  }

  /** `sanitizeHtml`, timed to keep {@link sanitizeCost} up to date. */
  private timedSanitize(html: string): string {
    const start = this.now();
    const result = sanitizeHtml(html);
    if (html.length > 2000) {
      const cost = (this.now() - start) / html.length;
      this.sanitizeCost = 0.7 * this.sanitizeCost + 0.3 * cost;
    }
    return result;
  }

  private queue(blocks: string[]): void {
    for (const block of blocks) this.pending.push(block);
  }

  /**
   * Renders pending blocks, as many as the frame's budget allows (one at least; up to
   * {@link MAX_BATCH} when `all`), and sanitizes them in one call: each block is wrapped as
   * the finished message wraps it, and the sanitized batch must come back as the same
   * wrappers in the same order, each then inserted as it is (no second parse). If it does
   * not (a block's markup reached out of its wrapper), each block is sanitized alone.
   */
  private settleBatch(all: boolean, frameStart: number): void {
    const batch: BlockMarkup[] = [];
    let chars = 0;
    while (this.pendingStart < this.pending.length && batch.length < MAX_BATCH) {
      const index = this.pendingStart++;
      const block = this.markup(this.pending[index]!, this.standIns[index], batch.length);
      batch.push(block);
      chars += block.markup.length;
      const planned = this.now() - frameStart + chars * this.sanitizeCost;
      if (!all && (planned >= this.budget || this.inputPending())) break;
    }
    if (!batch.length) return;
    const template = this.doc.createElement('template');
    template.innerHTML = this.timedSanitize(
      batch.map((block) => wrapBlockHtml(block.key, block.markup)).join(''),
    );
    const wrappers = [...template.content.childNodes];
    const kept =
      wrappers.length === batch.length &&
      wrappers.every(
        (node, i) =>
          node instanceof HTMLElement &&
          node.className === BLOCK_CLASS &&
          node.attributes.length === 2 &&
          node.getAttribute('data-block-key') === batch[i]!.key,
      );
    batch.forEach((block, i) => {
      let element: HTMLElement;
      if (kept) {
        element = wrappers[i] as HTMLElement;
      } else {
        element = this.doc.createElement('div');
        element.className = BLOCK_CLASS;
        element.setAttribute('data-block-key', block.key);
        element.innerHTML = sanitizeHtml(block.markup);
      }
      this.insertSettled(block, element);
    });
  }

  /** Renders the next pending block (the `offset`th of the batch being made) to markup. */
  private markup(raw: string, standIn: HTMLElement | undefined, offset: number): BlockMarkup {
    const key = blockKey(this.blocks.length + offset);
    this.linkCount += mergeLinkDefinitions(this.links, collectLinkDefinitions(raw));
    const codeIndexBase = this.settledCode.length;
    const formulaIndexBase = this.settledFormulas;
    const rendered = renderBlockMarkup(raw, {
      blockKey: key,
      codeIndexBase,
      formulaIndexBase,
      complete: true,
      links: this.links,
      limits: this.limits,
    });
    this.settledCode.push(...rendered.codeBlocks);
    this.settledFormulas += rendered.formulaCount;
    return {
      key,
      raw,
      markup: rendered.html,
      standIn,
      codeIndexBase,
      formulaIndexBase,
      codeBlocks: rendered.codeBlocks,
      linkCount: this.linkCount,
    };
  }

  /** Shows a settled block's sanitized `element` in its place: that of its plain-text
   * stand-in if it has one. */
  private insertSettled(block: BlockMarkup, element: HTMLElement): void {
    // Stand-ins exist for a run of pending blocks from the first one on, so a block
    // without one comes after every stand-in left.
    if (block.standIn) block.standIn.replaceWith(element);
    else this.container.insertBefore(element, this.tail ?? this.overflow);
    const record: BlockRecord = {
      key: block.key,
      raw: block.raw,
      html: element.innerHTML,
      element,
      codeIndexBase: block.codeIndexBase,
      formulaIndexBase: block.formulaIndexBase,
      codeBlocks: block.codeBlocks,
      linkCount: block.linkCount,
      verified: false,
    };
    const index = this.blocks.length;
    this.blocks.push(record);
    this.notify(record, index);
  }

  private notify(record: BlockRecord, index: number): void {
    if (!this.onBlock) return;
    try {
      this.onBlock(record.element, { key: record.key, index, codeBlocks: record.codeBlocks });
    } catch (error) {
      console.error('A streaming renderer onBlock callback threw:', error);
    }
  }

  private ensureTail(): HTMLElement {
    if (!this.tail) {
      this.tail = this.doc.createElement('div');
      this.tail.className = `${BLOCK_CLASS} ${OPEN_BLOCK_CLASS}`;
      this.container.insertBefore(this.tail, this.overflow);
    }
    return this.tail;
  }

  private renderTail(): void {
    const source = this.open + this.normalizer.partialLine;
    if (source === this.tailSource) return;
    this.tailSource = source;
    if (!source.trim()) {
      this.tail?.replaceChildren();
      this.tailCode = [];
      return;
    }
    const rendered = renderBlock(source, {
      blockKey: 'open',
      codeIndexBase: this.settledCode.length,
      formulaIndexBase: this.settledFormulas,
      complete: false,
      links: this.links,
      limits: this.limits,
    });
    this.ensureTail().innerHTML = rendered.html;
    this.tailCode = rendered.codeBlocks;
  }

  /**
   * Rendering is behind (a burst of text settled many blocks at once): show what is not
   * rendered yet as plain text, so nothing is missing or shown twice meanwhile. Each pending
   * block gets a stand-in of its own, made once and replaced by the block when it is
   * rendered: one text of everything pending, redone each frame, would be laid out again
   * each frame (100 ms and more for a long burst).
   */
  private showPendingAsText(): void {
    const before = this.ensureTail();
    for (let i = this.pendingStart; i < this.pending.length; i++) {
      if (this.standIns[i]) continue;
      const standIn = this.doc.createElement('div');
      standIn.className = PENDING_CLASS;
      standIn.textContent = this.pending[i]!;
      this.container.insertBefore(standIn, before);
      this.standIns[i] = standIn;
    }
    const open = this.doc.createElement('div');
    open.className = PENDING_CLASS;
    open.textContent = this.open + this.normalizer.partialLine;
    before.replaceChildren(open);
    this.tailSource = null;
    this.tailCode = [];
  }

  private removeTail(): void {
    this.tail?.remove();
    this.tail = null;
    this.tailSource = null;
    this.tailCode = [];
  }

  private ensureOverflow(): HTMLElement {
    if (!this.overflow) {
      const overflow = this.doc.createElement('div');
      overflow.className = `${BLOCK_CLASS} ${OVERFLOW_CLASS}`;
      overflow.setAttribute('data-block-key', OVERFLOW_KEY);
      overflow.innerHTML = sanitizeHtml(overflowInnerHtml('', 0, this.limits.maxMarkdownChars));
      this.overflowText = this.doc.createTextNode('');
      overflow.querySelector('pre')?.append(this.overflowText);
      this.container.append(overflow);
      this.overflow = overflow;
    }
    return this.overflow;
  }

  private updateOverflow(): void {
    if (!this.normalizer.hasOverflow) return;
    this.ensureOverflow();
    const text = this.normalizer.overflowText;
    if (text.length > this.overflowShown) {
      this.overflowText?.appendData(text.slice(this.overflowShown));
      this.overflowShown = text.length;
    }
    const hidden = this.normalizer.overflowLength - text.length;
    if (hidden > 0) {
      if (!this.overflowHidden) {
        this.overflowHidden = this.doc.createElement('p');
        this.overflowHidden.className = 'cove-md-notice';
        this.overflow!.append(this.overflowHidden);
      }
      this.overflowHidden.textContent = hiddenNotice(hidden);
    }
  }

  /** A block rendered before a link definition that came later may have a reference link
   * to it: render it again with all definitions, as the one-shot renderer does. */
  private applyLateLinkDefinitions(): void {
    this.blocks.forEach((block, index) => {
      if (block.linkCount === this.linkCount || !block.raw.includes('[')) return;
      const rendered = renderBlock(block.raw, {
        blockKey: block.key,
        codeIndexBase: block.codeIndexBase,
        formulaIndexBase: block.formulaIndexBase,
        complete: true,
        links: this.links,
        limits: this.limits,
      });
      block.linkCount = this.linkCount;
      if (rendered.html === block.html) return;
      block.verified = false;
      this.verifiedUpTo = Math.min(this.verifiedUpTo, index);
      const element = this.doc.createElement('div');
      element.className = BLOCK_CLASS;
      element.setAttribute('data-block-key', block.key);
      element.innerHTML = rendered.html;
      this.replaceBlockElement(block, index, element, rendered.html, rendered.codeBlocks);
    });
  }

  private replaceBlockElement(
    block: BlockRecord,
    index: number,
    element: HTMLElement,
    html: string,
    codeBlocks: CodeBlockSource[],
  ): void {
    block.element.replaceWith(element);
    block.element = element;
    block.html = html;
    block.codeBlocks = codeBlocks;
    this.settledCode.splice(block.codeIndexBase, codeBlocks.length, ...codeBlocks);
    this.notify(block, index);
  }

  private adoptSecondPass(block: BlockRecord, index: number, html: string): void {
    const template = this.doc.createElement('template');
    template.innerHTML = html;
    const wrapper = template.content.firstElementChild;
    if (wrapper instanceof HTMLElement && template.content.childNodes.length === 1) {
      this.replaceBlockElement(block, index, wrapper, wrapper.innerHTML, block.codeBlocks);
    } else {
      // The pass did not keep the wrapper: show the block as text rather than guess.
      const element = this.doc.createElement('div');
      element.className = BLOCK_CLASS;
      element.setAttribute('data-block-key', block.key);
      element.textContent = block.raw;
      this.replaceBlockElement(block, index, element, element.innerHTML, block.codeBlocks);
    }
  }
}

/**
 * Creates a renderer that shows a streaming message in `container` (which it empties and
 * then owns) without re-parsing the whole message on every delta:
 *
 * - Text is split into top-level blocks. A block is *settled* once the next one has begun
 *   (see block-splitter.ts); it is then rendered and sanitized once, inserted as
 *   `div.cove-md-block[data-block-key=bN]`, and never touched again while streaming.
 * - Only the unsettled end (usually one paragraph, list or code block) is re-rendered, at
 *   most once per frame, into `div.cove-md-block.cove-md-open`, through the same renderer
 *   and sanitizer: no HTML is ever inserted unsanitized. When re-rendering it gets costly
 *   it backs off to at most a quarter of the main thread.
 * - Work is batched per frame by `scheduleFrame`; settling stays within `frameBudgetMs`
 *   per frame, showing the rest as plain text until it catches up.
 * - Settled blocks get a second sanitizer pass in later frames' spare budget (the rest in
 *   `finalize()`), so that no single task has to sanitize the whole message.
 *
 * Text past `limits.maxMarkdownChars` streams into the plain-text overflow section.
 */
export function createStreamingRenderer(
  container: HTMLElement,
  options: StreamingRendererOptions = {},
): StreamingRenderer {
  return new StreamingRendererImpl(container, options);
}
