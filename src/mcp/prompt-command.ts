/**
 * A server's prompt used as a slash command in the composer: `/<server>:<prompt> args`.
 * Arguments are `name=value` pairs (values may be quoted), or plain words given to the
 * prompt's arguments in their order; the last argument takes the rest of the line.
 */

/** What the person typed, split. */
export interface PromptCommand {
  server: string;
  prompt: string;
  /** The text after the command, as typed. */
  rest: string;
}

/** The command at the start of `text`, or undefined when it is not one. */
export function parsePromptCommand(text: string): PromptCommand | undefined {
  const match = /^\/([^\s:/]+):(\S+)(?:\s+([\s\S]*))?$/.exec(text.trim());
  if (!match) return undefined;
  return { server: match[1]!, prompt: match[2]!, rest: (match[3] ?? '').trim() };
}

/**
 * The arguments of `rest` for a prompt whose arguments are `names` (in order). Returns the
 * names of required arguments still missing as `missing`.
 */
export function promptArguments(
  rest: string,
  params: readonly { name: string; required?: boolean }[],
): { args: Record<string, string>; missing: string[] } {
  const args: Record<string, string> = {};
  const named = /(\w[\w-]*)=("([^"]*)"|'([^']*)'|(\S+))/g;
  let positional = rest;
  if (/^\w[\w-]*=/.test(rest)) {
    for (const match of rest.matchAll(named)) {
      args[match[1]!] = match[3] ?? match[4] ?? match[5] ?? '';
    }
    positional = '';
  }
  if (positional) {
    const words = positional.split(/\s+/);
    params.forEach((param, index) => {
      if (index >= words.length) return;
      // The last argument takes the rest of the line, spaces and all.
      args[param.name] = index === params.length - 1 ? words.slice(index).join(' ') : words[index]!;
    });
  }
  const missing = params.filter((p) => p.required && !args[p.name]).map((p) => p.name);
  return { args, missing };
}
