/**
 * A server's request for input during a call (MCP elicitation), handed to whoever asks the
 * person (the app) and answered with accept, decline or cancel. Form mode carries the fields
 * of elicitation-form.ts; URL mode a web page the person opens (sign-in, payment) and then
 * says they finished. While a request waits for the person, the connection holds its
 * deadlines: a form is not a server that stopped answering.
 */
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ElicitRequestSchema, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import {
  elicitationFields,
  type ElicitationContent,
  type ElicitationField,
} from './elicitation-form';

export type ElicitationRequest = {
  serverId: string;
  serverName: string;
  /** The server's words: what it asks for and why. */
  message: string;
  /** Aborted when the call that asked ended (the server gave up or the person stopped it). */
  signal: AbortSignal;
} & (
  { mode: 'form'; fields: ElicitationField[] } | { mode: 'url'; url: string; elicitationId: string }
);

export type ElicitationAnswer =
  { action: 'accept'; content?: ElicitationContent } | { action: 'decline' } | { action: 'cancel' };

export type ElicitationHandler = (request: ElicitationRequest) => Promise<ElicitationAnswer>;

/**
 * What Cove declares in initialize: both modes, and that it fills in the schema's defaults
 * (the form starts with them, and the SDK adds any left out of an accepted answer).
 */
export const ELICITATION_CAPABILITY = { form: { applyDefaults: true }, url: {} };

/** Only a web page may be opened for a URL-mode request; anything else is declined. */
function isWebPage(url: string): boolean {
  return URL.canParse(url) && /^https?:$/.test(new URL(url).protocol);
}

/**
 * Answers `client`'s elicitation requests through `ask`. `waiting` is told true when a
 * request starts waiting for the person and false when it ended (once each).
 */
export function answerElicitations(
  client: Client,
  server: { id: string; name: string },
  ask: ElicitationHandler,
  waiting: (isWaiting: boolean) => void,
): void {
  client.setRequestHandler(ElicitRequestSchema, async (request, extra): Promise<ElicitResult> => {
    const params = request.params;
    const base = {
      serverId: server.id,
      serverName: server.name,
      message: params.message,
      signal: extra.signal,
    };
    let question: ElicitationRequest;
    if (params.mode === 'url') {
      if (!isWebPage(params.url)) return { action: 'decline' };
      question = { ...base, mode: 'url', url: params.url, elicitationId: params.elicitationId };
    } else {
      question = { ...base, mode: 'form', fields: elicitationFields(params.requestedSchema) };
    }
    waiting(true);
    try {
      const answer = await ask(question);
      return answer.action === 'accept' && question.mode === 'form'
        ? { action: 'accept', content: answer.content ?? {} }
        : { action: answer.action };
    } finally {
      waiting(false);
    }
  });
}
