/**
 * Lets a long loop of microtasks (a fast stream's events) give the page a chance to paint
 * and handle input: `maybeYield()` resolves at once until `budgetMs` of continuous work has
 * passed, then after one macrotask. MessageChannel, unlike setTimeout, is not clamped to 4 ms.
 */
export function createYielder(now: () => number, budgetMs = 8): () => Promise<void> | undefined {
  let sliceStart = now();
  const channel = typeof MessageChannel === 'undefined' ? undefined : new MessageChannel();
  let resume: (() => void) | undefined;
  if (channel) {
    channel.port1.onmessage = () => resume?.();
  }
  return () => {
    if (now() - sliceStart < budgetMs) return undefined;
    return new Promise<void>((resolve) => {
      resume = () => {
        resume = undefined;
        sliceStart = now();
        resolve();
      };
      if (channel) channel.port2.postMessage(null);
      else setTimeout(resume, 0);
    });
  };
}
