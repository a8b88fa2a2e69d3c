import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { createMcpElicitations } from '../../../src/app/mcp-elicitations';
import type { ElicitationRequest } from '../../../src/mcp/elicitation';

const question = (signal: AbortSignal, message = 'Who are you?'): ElicitationRequest => ({
  serverId: 's',
  serverName: 'demo',
  message,
  signal,
  mode: 'form',
  fields: [],
});

describe('MCP elicitations waiting for the person', () => {
  it('each waits in order until answered; an answer to one gone does nothing', async () => {
    await createRoot(async (dispose) => {
      let ids = 0;
      const elicitations = createMcpElicitations(() => `e${ids++}`);
      const first = elicitations.ask(question(new AbortController().signal, 'first'));
      const second = elicitations.ask(question(new AbortController().signal, 'second'));
      expect(elicitations.pending().map((p) => p.request.message)).toEqual(['first', 'second']);
      elicitations.answer('e0', { action: 'accept', content: { name: 'Ada' } });
      await expect(first).resolves.toEqual({ action: 'accept', content: { name: 'Ada' } });
      elicitations.answer('e0', { action: 'decline' });
      expect(elicitations.pending().map((p) => p.id)).toEqual(['e1']);
      elicitations.answer('e1', { action: 'decline' });
      await expect(second).resolves.toEqual({ action: 'decline' });
      expect(elicitations.pending()).toEqual([]);
      dispose();
    });
  });

  it('a request whose call ended goes away, answered cancel', async () => {
    await createRoot(async (dispose) => {
      const elicitations = createMcpElicitations();
      const call = new AbortController();
      const answer = elicitations.ask(question(call.signal));
      expect(elicitations.pending()).toHaveLength(1);
      call.abort();
      await expect(answer).resolves.toEqual({ action: 'cancel' });
      expect(elicitations.pending()).toEqual([]);
      const ended = new AbortController();
      ended.abort();
      await expect(elicitations.ask(question(ended.signal))).resolves.toEqual({ action: 'cancel' });
      expect(elicitations.pending()).toEqual([]);
      dispose();
    });
  });
});
