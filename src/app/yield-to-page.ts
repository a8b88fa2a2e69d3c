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
