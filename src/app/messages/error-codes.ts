/**
 * Every error code of every layer, as one union and one list. The catalog (./en.ts) must
 * have exactly these keys (its type says so), and its test walks the list, so a code added
 * to a layer without wording fails the typecheck and the test.
 */
import { AGENT_ERROR_CODES, type AgentErrorCode } from '../../agent/agent-errors';
import { LLM_ERROR_KINDS, type LlmErrorKind } from '../../llm/llm-error';
import {
  PROVIDER_SETTINGS_ERROR_CODES,
  type ProviderSettingsErrorCode,
} from '../../llm/settings-errors';
import { MCP_ERROR_CODES, type McpErrorCode } from '../../mcp/mcp-error-codes';
import { RUNTIME_ERROR_CODES, type RuntimeErrorCode } from '../../runtime/runtime-errors';
import { STORE_ERROR_CODES } from '../../store/store-errors';
import { WORKSPACE_ERROR_CODES, type WorkspaceErrorCode } from '../../workspace/workspace-errors';

/** A code of any layer's error union. */
export type AnyErrorCode =
  | AgentErrorCode
  | LlmErrorKind
  | WorkspaceErrorCode
  | RuntimeErrorCode
  | ProviderSettingsErrorCode
  | McpErrorCode;

/** The codes of each layer, by layer (a code shared by two layers is in both). */
export const ERROR_CODES_BY_LAYER: Readonly<Record<string, readonly AnyErrorCode[]>> = {
  agent: AGENT_ERROR_CODES,
  llm: LLM_ERROR_KINDS,
  store: STORE_ERROR_CODES,
  workspace: WORKSPACE_ERROR_CODES,
  runtime: RUNTIME_ERROR_CODES,
  settings: PROVIDER_SETTINGS_ERROR_CODES,
  mcp: MCP_ERROR_CODES,
};
