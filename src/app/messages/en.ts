/**
 * The English message catalog of errors: for every code of every layer (./error-codes.ts),
 * the sentences a person reads, from the error's params. English is the source language;
 * other languages will be catalogs with the same type.
 */
import { normalizeErrorCode } from '../../store/stored-error';
import { agentMessages } from './agent-messages';
import type { AnyErrorCode } from './error-codes';
import { mcpMessages } from './mcp-messages';
import { runtimeMessages } from './runtime-messages';
import { settingsMessages } from './settings-messages';
import { llmMessages } from './llm-messages';
import { workspaceMessages } from './workspace-messages';
import type { ErrorParams, ErrorWording, Wording } from './wording';

/** A catalog: exactly one entry per code; a missing or a stale key is a type error. */
export type ErrorCatalog = Readonly<Record<AnyErrorCode, Wording>>;

export const en = {
  ...agentMessages,
  ...llmMessages,
  ...workspaceMessages,
  ...runtimeMessages,
  ...settingsMessages,
  ...mcpMessages,
} satisfies ErrorCatalog;

/** True when `code` has an entry in the catalogs. */
export function isKnownCode(code: string): code is AnyErrorCode {
  return Object.hasOwn(en, code);
}

/**
 * The sentences of `code` with `params` in `catalog`; undefined for a code it does not know.
 * Renamed codes of old rows are read as their new names.
 */
export function wordIn(
  catalog: ErrorCatalog,
  code: string,
  params: ErrorParams,
): ErrorWording | undefined {
  const current = normalizeErrorCode(code);
  return isKnownCode(current) ? catalog[current](params) : undefined;
}

/** The English wording the lower layers' errors read (installed by the composition root). */
export function englishWording(code: string, params: ErrorParams): ErrorWording | undefined {
  return wordIn(en, code, params);
}
