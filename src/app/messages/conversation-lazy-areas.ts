/**
 * The lazily loaded areas of the conversation's UI (./en-agent-review-ui.ts,
 * ./en-mcp-requests-ui.ts), as the
 * catalog's type knows them; the value is for tests that need all of English at once.
 */
import {
  enAgentCommitUi,
  enApprovalUi,
  enChangedFilesUi,
  enMemoryReceiptUi,
  enRewindUi,
} from './en-agent-review-ui';
import { enMcpRequestsUi } from './en-mcp-requests-ui';

// A type, not an interface: the translator needs the implicit index signature of a type.
export type ConversationLazyAreas = {
  approval: typeof enApprovalUi;
  changedFiles: typeof enChangedFilesUi;
  agentCommit: typeof enAgentCommitUi;
  memoryReceipt: typeof enMemoryReceiptUi;
  rewind: typeof enRewindUi;
  mcpRequests: typeof enMcpRequestsUi;
};

/** Every lazily loaded conversation area's English. */
export const enConversationLazyUi: ConversationLazyAreas = {
  approval: enApprovalUi,
  changedFiles: enChangedFilesUi,
  agentCommit: enAgentCommitUi,
  memoryReceipt: enMemoryReceiptUi,
  rewind: enRewindUi,
  mcpRequests: enMcpRequestsUi,
};
