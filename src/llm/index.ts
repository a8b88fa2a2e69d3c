// The public surface of the llm layer. Modules outside src/llm import from here.
// It carries no runtime import of the openai SDK, so importing it keeps the SDK out of the
// first load: the SDK-backed modules (openai-chat-client, connection-test, model-listing)
// export only their types here, and are loaded with import() by path at their first use.
export type { AssistantReply, FinishReason, ReplyTiming, StopReason } from './assistant-reply';
export type { ChatClient, ChatRequest } from './chat-client';
export type { ChatMessage, ContentPart, ToolCall, ToolSpec } from './chat-message';
export {
  DEFAULT_CHAT_OPTIONS,
  readChatOptions,
  validateChatOptions,
  type ChatOptions,
} from './chat-options';
export type { ConnectionTestResult } from './connection-test';
export { probeReachability, type Reachability } from './cors-probe';
export { DeltaAssembler, type AssembledReply } from './delta-assembler';
export { classifyHttpFailure, classifyStreamError, type HttpFailure } from './error-classification';
export type { FetchLike } from './fetch-like';
export { bindKeyToBaseURL, keySendDecision, type KeySendDecision } from './key-binding';
export { LlmError, RETRYABLE_KINDS, type LlmErrorData, type LlmErrorKind } from './llm-error';
export type {
  DoneEvent,
  ErrorEvent,
  LlmDeltaEvent,
  LlmEvent,
  ReasoningDeltaEvent,
  RetryScheduledEvent,
  StreamOptionsUnsupportedEvent,
  TextDeltaEvent,
  ToolCallDeltaEvent,
} from './llm-events';
export {
  MISSING_TOOL_RESULT,
  toWireMessages,
  type ConversionOptions,
  type WireMessage,
} from './message-conversion';
export {
  DEFAULT_CAPABILITIES,
  estimateCost,
  resolveCapabilities,
  type ModelCapabilities,
  type ModelConfig,
  type ModelPrice,
  type ToolCallingMode,
} from './model-capabilities';
export type { ListedModel, ModelListResult, ProviderRequestDeps } from './model-listing';
export {
  effectiveModelRef,
  hasModelRef,
  modelChoices,
  modelRef,
  parseModelRef,
  type ModelChoice,
} from './model-ref';
export { validateModelConfig } from './model-validation';
export type { OpenAIChatClientDeps } from './openai-chat-client';
export {
  apiKeyProblem,
  normalizeApiKey,
  normalizeBaseURL,
  resolveModelSettings,
  type ProviderConfig,
  type ResolvedModelSettings,
} from './provider-config';
export { validateProviderDraft, type ProviderDraft } from './provider-draft';
export { mergeProviderImport, type ProviderImportSummary } from './provider-import';
export * as providerRegistry from './provider-registry';
export type { ProviderRegistry, RegistryChange, RegistryPart } from './provider-registry';
export type { ProviderSecret, ProviderSecrets } from './provider-secret';
export {
  getPreset,
  PROVIDER_PRESETS,
  type ProviderPreset,
  type ProviderPresetId,
} from './provider-presets';
export {
  exportProviders,
  planProviderImport,
  type KeyRedirect,
  type ProviderImportPlan,
} from './provider-transfer';
export { redactSecret } from './redact-secret';
export { checkRequestHeaders, type ReservedHeader } from './request-headers';
export {
  isSecretHeaderName,
  joinSecretHeaders,
  readSecretHeaders,
  splitSecretHeaders,
  type HeaderMap,
} from './secret-headers';
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy';
export {
  makeScriptedChatClient,
  type ScriptedChatClient,
  type ScriptedReply,
  type ScriptStep,
} from './scripted-chat-client';
export type { AssembledToolCall } from './tool-call-assembly';
export type { Usage } from './usage';
