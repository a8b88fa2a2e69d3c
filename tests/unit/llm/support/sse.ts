// Builders of OpenAI-style stream chunks and SSE bodies for byte-level stream tests.

/** A chat.completion.chunk with one choice. */
export function chunk(
  delta: Record<string, unknown>,
  finishReason: string | null = null,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [{ index: 0, delta, finish_reason: finishReason }],
    ...extra,
  };
}

/** The usage chunk that ends a stream with include_usage: no choices. */
export function usageChunk(prompt: number, completion: number): Record<string, unknown> {
  return {
    id: 'chatcmpl-test',
    object: 'chat.completion.chunk',
    created: 1,
    model: 'test-model',
    choices: [],
    usage: {
      prompt_tokens: prompt,
      completion_tokens: completion,
      total_tokens: prompt + completion,
    },
  };
}

/** SSE text for the chunks, with `done` [DONE] lines and the given line ending. */
export function sseBody(
  chunks: unknown[],
  options: { eol?: string; done?: number; comments?: boolean } = {},
): string {
  const eol = options.eol ?? '\n';
  let text = '';
  for (const item of chunks) {
    if (options.comments) text += `: keep-alive${eol}${eol}`;
    text += `data: ${typeof item === 'string' ? item : JSON.stringify(item)}${eol}${eol}`;
  }
  for (let i = 0; i < (options.done ?? 1); i++) text += `data: [DONE]${eol}${eol}`;
  return text;
}
