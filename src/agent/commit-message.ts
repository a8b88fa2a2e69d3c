/**
 * The message of "Commit the agent's changes": one short model call over what the run was
 * asked and the diffs it left, or, without a model (none selected, the call failed or said
 * nothing usable), a message made from the request and the files. Either way the person
 * edits it before anything is committed.
 */
import type { ChatClient, ChatMessage, ProviderConfig } from '../llm';

/** The instruction of a commit message request; fakes may recognize it by its first words. */
export const COMMIT_INSTRUCTION =
  'You write git commit messages. Reply with the commit message only: a summary line of at most 72 characters in the imperative mood, then, if useful, a blank line and a few short lines of detail. No quotes, no code fences, nothing else.';

/** How much of the diffs the request carries, in characters (the rest is cut). */
const DIFF_EXCERPT = 6_000;
/** How much of the request the message is asked with, in characters. */
const TASK_EXCERPT = 1_000;
/** Output limit of a commit message request, in tokens. */
const MESSAGE_TOKENS = 200;
/** Longest summary line git tools show without cutting it. */
const SUBJECT_LENGTH = 72;

/** The model a message is asked of. */
export interface CommitMessageModel {
  provider: ProviderConfig;
  modelId: string;
}

/** One file of the run as the message is made from it: its path and its diff. */
export interface CommitMessageFile {
  path: string;
  diff: string;
  deleted?: boolean;
}

/** Where a proposed message came from: the model, or the run itself (no model, or it failed). */
export type CommitMessageSource = 'model' | 'run';

/** The messages of a commit message request. */
export function commitMessageRequest(
  task: string,
  files: readonly CommitMessageFile[],
): ChatMessage[] {
  const diffs = files.map((file) => file.diff.trimEnd() || `(${file.path}: no text diff)`);
  let text = diffs.join('\n');
  if (text.length > DIFF_EXCERPT) text = `${text.slice(0, DIFF_EXCERPT)}\n… (diff cut here)`;
  return [
    { role: 'system', content: COMMIT_INSTRUCTION },
    {
      role: 'user',
      content: `What I asked for:\n${task.trim().slice(0, TASK_EXCERPT) || '(not given)'}\n\nThe changes:\n${text}\n\nThe commit message?`,
    },
  ];
}

/**
 * A model's answer as a commit message: without reasoning, code fences, a "Commit message:"
 * label or quotes around it; the summary line cut at 72 characters. Empty when nothing is left.
 */
export function cleanCommitMessage(text: string): string {
  const lines = text
    .replace(/<think>[\s\S]*?<\/think>/g, '')
    .replace(/^\s*```[^\n]*\n?|\n?```\s*$/g, '')
    .trim()
    .replace(/^(commit message)\s*:\s*/i, '')
    .split('\n')
    .map((line) => line.trimEnd());
  const subject = (lines[0] ?? '')
    .replace(/^["'“”‘’`]+|["'“”‘’`]+$/g, '')
    .trim()
    .slice(0, SUBJECT_LENGTH)
    .trim();
  if (!subject) return '';
  const body = lines.slice(1).join('\n').trim();
  return body ? `${subject}\n\n${body}` : subject;
}

/**
 * The message made from the run alone: the request's first line as the summary (or
 * "Update <files>"), and the files as the body.
 */
export function messageFromRun(task: string, files: readonly CommitMessageFile[]): string {
  const asked = (task.trim().split('\n')[0] ?? '').trim().replace(/[.!?:;,]+$/, '');
  const names = files.map((file) => file.path.split('/').pop() ?? file.path);
  const listed =
    names.length <= 3
      ? names.join(', ')
      : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
  let subject = asked ? asked[0]!.toUpperCase() + asked.slice(1) : `Update ${listed}`;
  if (subject.length > SUBJECT_LENGTH)
    subject = `${subject.slice(0, SUBJECT_LENGTH - 1).trimEnd()}…`;
  const body = files.map((file) => `- ${file.path}${file.deleted ? ' (deleted)' : ''}`).join('\n');
  return `${subject}\n\n${body}`;
}

/**
 * A commit message for the run's changes, from the model when one is given and answers with
 * something usable, else from the run (see {@link messageFromRun}). Never throws: a failed
 * call falls back the same way.
 */
export async function proposeCommitMessage(
  deps: { client: ChatClient; model: CommitMessageModel | undefined; signal?: AbortSignal },
  task: string,
  files: readonly CommitMessageFile[],
): Promise<{ message: string; source: CommitMessageSource }> {
  const fallback = { message: messageFromRun(task, files), source: 'run' as const };
  if (!deps.model) return fallback;
  let text = '';
  try {
    for await (const event of deps.client.stream({
      provider: deps.model.provider,
      model: deps.model.modelId,
      messages: commitMessageRequest(task, files),
      maxOutputTokens: MESSAGE_TOKENS,
      temperature: 0.2,
      ...(deps.signal ? { signal: deps.signal } : {}),
    })) {
      if (event.type === 'text_delta') text += event.delta;
      if (event.type === 'error') return fallback;
    }
  } catch {
    return fallback;
  }
  const message = cleanCommitMessage(text);
  return message ? { message, source: 'model' } : fallback;
}
