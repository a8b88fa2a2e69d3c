/**
 * The servers' requests for input that wait for the person (MCP elicitation), in the order
 * they came. Each stays until the person answers it or the call that asked ends (then it
 * goes, answered cancel): nothing a server asked is answered without the person.
 */
import { createSignal, type Accessor } from 'solid-js';
import { newId } from '../base/ids';
import type { ElicitationAnswer, ElicitationHandler, ElicitationRequest } from '../mcp/elicitation';

export interface PendingElicitation {
  id: string;
  request: ElicitationRequest;
}

export interface McpElicitations {
  readonly pending: Accessor<readonly PendingElicitation[]>;
  /** The connections' handler: resolves with the person's answer. */
  readonly ask: ElicitationHandler;
  /** The person's answer to request `id`; an answer to one already gone does nothing. */
  answer(id: string, answer: ElicitationAnswer): void;
}

export function createMcpElicitations(makeId: () => string = newId): McpElicitations {
  const [pending, setPending] = createSignal<readonly PendingElicitation[]>([]);
  const waiting = new Map<string, (answer: ElicitationAnswer) => void>();

  function answer(id: string, reply: ElicitationAnswer): void {
    const settle = waiting.get(id);
    if (!settle) return;
    waiting.delete(id);
    setPending((list) => list.filter((entry) => entry.id !== id));
    settle(reply);
  }

  const ask: ElicitationHandler = (request) =>
    new Promise((resolve) => {
      if (request.signal.aborted) return resolve({ action: 'cancel' });
      const id = makeId();
      waiting.set(id, resolve);
      setPending((list) => [...list, { id, request }]);
      request.signal.addEventListener('abort', () => answer(id, { action: 'cancel' }), {
        once: true,
      });
    });

  return { pending, ask, answer };
}
