import type { ToolSpec } from '../llm/chat-message';
import type { AssembledToolCall } from '../llm/tool-call-assembly';
import type { Tool, ToolContext } from '../tools/tool';
import { argumentValidator, type ArgumentValidator } from './tool-arguments';

/**
 * A tool of any argument type, as the loop holds it. `never` arguments because the loop
 * calls `execute` only with arguments its schema validated.
 */
export type AgentTool<C extends ToolContext = ToolContext> = Tool<never, C>;

/**
 * A call checked against the catalog: either ready to run (`tool` and `args`), or
 * `invalid` with the text the model reads instead of a result (unknown tool, arguments that
 * are not a JSON object, or that break the tool's schema).
 */
export type PreparedCall<C extends ToolContext = ToolContext> = {
  /** The call as it goes back into the conversation. */
  id: string;
  name: string;
  arguments: string;
} & (
  | { tool: AgentTool<C>; args: Record<string, unknown>; invalid?: undefined }
  | { tool?: AgentTool<C>; args?: undefined; invalid: string }
);

/**
 * The tools of one run: their specs for the request, lookup by name and argument checks
 * (schemas compiled once, see tool-arguments.ts). Tool names must be unique; a later tool
 * with a name already taken is left out.
 */
export class ToolCatalog<C extends ToolContext = ToolContext> {
  /** What the request offers the model, in the given order. */
  readonly specs: ToolSpec[] = [];
  /** The offered tools themselves, in the same order (their prompt hints, approval kinds). */
  readonly tools: AgentTool<C>[] = [];
  private readonly byName = new Map<string, { tool: AgentTool<C>; validate: ArgumentValidator }>();

  constructor(tools: readonly AgentTool<C>[]) {
    for (const tool of tools) {
      if (this.byName.has(tool.name)) continue;
      this.byName.set(tool.name, { tool, validate: argumentValidator(tool.parameters) });
      this.tools.push(tool);
      this.specs.push({
        name: tool.name,
        description: tool.description,
        parameters: tool.parameters,
      });
    }
  }

  /** Names of the offered tools, in order. */
  get names(): string[] {
    return this.specs.map((spec) => spec.name);
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  /** Checks one call: known tool, arguments a JSON object, arguments valid for the schema. */
  prepare(call: AssembledToolCall): PreparedCall<C> {
    const base = { id: call.id, name: call.name, arguments: call.arguments };
    const entry = this.byName.get(call.name);
    if (!entry) {
      const known = this.specs.length ? ` The tools are: ${this.names.join(', ')}.` : '';
      return { ...base, invalid: `Error: there is no tool named "${call.name}".${known}` };
    }
    if (!call.parsedArguments) {
      return {
        ...base,
        tool: entry.tool,
        invalid: `Error: ${call.argumentsError ?? 'The arguments are not a JSON object.'} Call ${call.name} again with a JSON object that matches its schema.`,
      };
    }
    const check = entry.validate(call.parsedArguments);
    if (!check.ok) {
      return {
        ...base,
        tool: entry.tool,
        invalid: `Error: the arguments of ${call.name} do not match its schema:\n${check.problems.map((p) => `- ${p}`).join('\n')}\nCall it again with corrected arguments.`,
      };
    }
    return { ...base, tool: entry.tool, args: call.parsedArguments };
  }
}
