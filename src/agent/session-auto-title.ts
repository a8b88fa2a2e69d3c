/**
 * The automatic title of a session after its first exchange: one short model call with the
 * first question and the start of the reply. When the call fails, is stopped, or returns
 * nothing usable, the title stays what it was at creation (the first words of the question,
 * session-title.ts). A title the person gave is never replaced.
 */
import type { ChatClient, ChatMessage, ProviderConfig } from '../llm';
import type { SessionStore } from '../store/session-store';
import { sessionTitle, TITLE_LENGTH } from './session-title';

/** The instruction of a title request; fakes recognize title requests by its first words. */
export const TITLE_INSTRUCTION =
  'You name conversations. Reply with a title of at most six words for the conversation so far: no quotes, no final punctuation, nothing else.';

/** How much of the question and of the reply the title request carries, in characters. */
const EXCERPT = 1_500;
/** Output limit of a title request, in tokens. */
const TITLE_TOKENS = 24;

/** The model a title is asked of. */
export interface TitleModel {
  provider: ProviderConfig;
  modelId: string;
}

export interface AutoTitleDeps {
  sessions: SessionStore;
  client: ChatClient;
  /** The model to ask; undefined when none is set up (then nothing is asked). */
  model(): TitleModel | undefined;
  signal?: AbortSignal;
}

/**
 * A model's answer as a title: the first non-empty line, without Markdown emphasis, a
 * "Title:" label, quotes or final punctuation, at most TITLE_LENGTH characters. Empty when
 * nothing is left.
 */
export function cleanTitle(text: string): string {
  const line =
    text
      .replace(/<think>[\s\S]*?<\/think>/g, '')
      .split('\n')
      .map((l) => l.trim())
      .find(Boolean) ?? '';
  const title = line
    .replace(/^#+\s*/, '')
    .replace(/^title\s*:\s*/i, '')
    .replace(/[*_`]/g, '')
    .replace(/[.!?:;,]+$/, '')
    .replace(/^["'“”‘’«»]+|["'“”‘’«»]+$/g, '')
    .replace(/[.!?:;,]+$/, '')
    .trim();
  return title.slice(0, TITLE_LENGTH).trim();
}

/** The messages of a title request. */
export function titleRequest(question: string, reply: string): ChatMessage[] {
  return [
    { role: 'system', content: TITLE_INSTRUCTION },
    { role: 'user', content: question.slice(0, EXCERPT) },
    { role: 'assistant', content: reply.slice(0, EXCERPT) },
    { role: 'user', content: 'Title of this conversation?' },
  ];
}

/**
 * Names session `sessionId` after its first exchange when its title is still the one made
 * from the first question. Returns the new title, or undefined when nothing changed (no
 * finished first reply, a title given by the person, no model, a failed call).
 */
export async function autoTitle(
  deps: AutoTitleDeps,
  sessionId: string,
): Promise<string | undefined> {
  const model = deps.model();
  if (!model) return undefined;
  const session = await deps.sessions.get(sessionId);
  if (!session) return undefined;
  const nodes = await deps.sessions.nodes(sessionId);
  const question = nodes
    .filter((n) => n.role === 'user' && n.parentId === null)
    .sort((a, b) => a.startedAt - b.startedAt)[0];
  const reply = question
    ? nodes.find(
        (n) =>
          n.parentId === question.id &&
          n.role === 'assistant' &&
          n.status === 'complete' &&
          n.content.trim(),
      )
    : undefined;
  if (!question || !reply) return undefined;
  const automatic = sessionTitle(question.content);
  if (session.title !== automatic) return undefined;

  let text = '';
  for await (const event of deps.client.stream({
    provider: model.provider,
    model: model.modelId,
    messages: titleRequest(question.content, reply.content),
    maxOutputTokens: TITLE_TOKENS,
    temperature: 0.2,
    ...(deps.signal ? { signal: deps.signal } : {}),
  })) {
    if (event.type === 'text_delta') text += event.delta;
    if (event.type === 'error') return undefined;
  }
  const title = cleanTitle(text);
  if (!title || title === automatic) return undefined;
  // The person may have renamed it while the model was thinking: theirs wins.
  if ((await deps.sessions.get(sessionId))?.title !== automatic) return undefined;
  await deps.sessions.update(sessionId, { title });
  return title;
}
