import { createRoot } from 'solid-js';
import { describe, expect, it } from 'vitest';
import { fileMention } from '../../../src/agent/mention-content';
import { viewOf } from '../../../src/app/chat-message-view';
import { contextMeter } from '../../../src/app/context-meter';
import { DEFAULT_CAPABILITIES } from '../../../src/llm/model-capabilities';
import type { NodeRecord } from '../../../src/store/records';

const question = (attachments?: NodeRecord['attachments']): NodeRecord => ({
  id: 'u1',
  sessionId: 's',
  parentId: null,
  role: 'user',
  content: 'Explain this file.',
  ...(attachments ? { attachments } : {}),
  status: 'complete',
  startedAt: 1,
});

describe('context meter', () => {
  it("counts a message's mentions: they go with it in every request", () => {
    createRoot((dispose) => {
      const mention = fileMention('main.py', 'print("hello")\n'.repeat(200));
      const used = (node: NodeRecord) =>
        contextMeter([viewOf(node)], DEFAULT_CAPABILITIES, 1000, 0).used;
      expect(used(question([mention])) - used(question())).toBeGreaterThan(500);
      dispose();
    });
  });
});
