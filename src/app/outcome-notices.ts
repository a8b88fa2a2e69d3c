/**
 * What the person reads when a request to the session engine did not simply run: the
 * outcomes of a send (or a retry) and of `/compact`, worded in one place. The engine
 * reports codes (ReplyOutcome, CompactOutcome); the words live here.
 */
import type { CompactOutcome, ReplyOutcome } from '../agent/session-engine';
import { errorText } from './messages/describe-error';

export interface OutcomeNotice {
  kind: 'error' | 'info' | 'success';
  text: string;
}

export const NO_MODEL =
  'No model is set up yet. Open Settings, add a provider (OpenAI, Ollama, …) and choose a model.';

/** Why a reply was not asked for; undefined when it was (the reply shows how it went). */
export function replyOutcomeNotice(outcome: ReplyOutcome | undefined): OutcomeNotice | undefined {
  switch (outcome) {
    case 'no_model':
      return { kind: 'error', text: NO_MODEL };
    case 'locked':
      return {
        kind: 'error',
        text: 'This conversation is answering in another tab. Wait for it to finish there, or start a new chat here.',
      };
    case 'busy':
      return {
        kind: 'info',
        text: 'Cove is still answering. Wait for it, or press Stop; your message is still in the box.',
      };
    case 'answered':
    case undefined:
      return undefined;
  }
}

/** How `/compact` went. */
export function compactOutcomeNotice(result: CompactOutcome): OutcomeNotice {
  switch (result.outcome) {
    case 'compacted':
      return {
        kind: 'success',
        text: 'Compacted: the older messages are summarized; they stay readable above.',
      };
    case 'nothing':
      return { kind: 'info', text: 'Nothing to compact: the conversation is short.' };
    case 'locked':
      return { kind: 'info', text: 'This conversation is busy in another tab.' };
    case 'busy':
      return { kind: 'info', text: 'Cove is still answering; compact when it is done.' };
    case 'stopped':
      return { kind: 'info', text: 'Compaction stopped; nothing was changed.' };
    case 'no_model':
      return { kind: 'error', text: NO_MODEL };
    case 'failed':
      return { kind: 'error', text: errorText(result.error) };
  }
}
