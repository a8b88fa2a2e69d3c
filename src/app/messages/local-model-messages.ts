import { text, type ErrorParams } from './wording';

/**
 * The words for a model that runs in this browser (src/llm/local-chat-client.ts), or
 * undefined for any other failure. The model id is the stored file's name.
 */
export function localModelWording(p: ErrorParams): { message: string; hint: string } | undefined {
  const model = text(p, 'model') ?? 'the model';
  switch (p['reason']) {
    case 'local-too-big':
      return {
        message: `${model} is too big for the memory this browser gives a page.`,
        hint: 'Pick a smaller model (a 0.5–1.5 B model at 4-bit), or close other tabs and try again. Cove keeps working with other providers.',
      };
    case 'local-unreadable':
      return {
        message: `${model} could not be loaded: it is not a GGUF model llama.cpp can read.`,
        hint: 'Check that the file is a complete .gguf download, then add it again in Settings → Providers → In this browser.',
      };
    case 'local-missing':
      return {
        message: `${model} is no longer stored in this browser.`,
        hint: 'Add it again in Settings → Providers → In this browser, or pick another model.',
      };
    case 'local-failed':
      return {
        message: `${model} stopped with an error during the reply.`,
        hint: 'Send again; if it keeps happening, reload the page to restart the model.',
      };
  }
  return undefined;
}
