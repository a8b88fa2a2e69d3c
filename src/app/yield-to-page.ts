/**
 * Lets a long loop of microtasks (a fast stream's events) give the page a chance to paint
 * and handle input: `maybeYield()` resolves at once until `budgetMs` of continuous work has
 * passed, then after one macrotask. MessageChannel, unlike setTimeout, is not clamped to 4 ms;
 * browsers, workers and Node all have it. `now` is the caller's clock (performance.now in the
 * page, from the composition root).
 */
export function createYielder(now: () => number, budgetMs = 8): () => Promise<void> | undefined {
  let sliceStart = now();
  const channel = new MessageChannel();
  let resume: (() => void) | undefined;
  channel.port1.onmessage = () => resume?.();
  return () => {
    if (now() - sliceStart < budgetMs) return undefined;
    return new Promise<void>((resolve) => {
      resume = () => {
        resume = undefined;
        sliceStart = now();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  };
}

/** The queue behind runInNextTask: one channel for the page's life, one message per call. */
let nextTaskChannel: MessageChannel | undefined;
const nextTaskQueue: { fn: (() => void) | undefined }[] = [];

/**
 * Runs `fn` in a later task of the event loop, after what is queued now (the engine's
 * NextTask, see src/agent/delta-batcher.ts); returns its cancellation. A MessageChannel
 * message for the same reason as above. The channel is made once (making one costs more
 * than a stream's batch of deltas under Node) and, where the port can be unref'd (Node),
 * does not hold an idle process open.
 */
export function runInNextTask(fn: () => void): () => void {
  if (!nextTaskChannel) {
    nextTaskChannel = new MessageChannel();
    nextTaskChannel.port1.onmessage = () => nextTaskQueue.shift()?.fn?.();
    (nextTaskChannel.port1 as { unref?: () => void }).unref?.();
  }
  const entry: { fn: (() => void) | undefined } = { fn };
  nextTaskQueue.push(entry);
  nextTaskChannel.port2.postMessage(null);
  return () => {
    entry.fn = undefined;
  };
}
