/**
 * What the composer offers from the enabled MCP servers: their resources, to attach one to
 * a message (its text goes with the message), and their prompts, used as slash commands
 * (`/<server>:<prompt> args`) whose messages fill the draft. Failures are CoveErrors with
 * the server named; a server that cannot connect is listed with its problem.
 */
import { capAttachmentText } from '../agent/message-attachments';
import { systemClock, type Clock } from '../base/clock';
import type { NodeAttachment } from '../store/records';
import { errorText } from './messages/describe-error';
import type { McpServerReport } from '../mcp/mcp-connection';
import { mcpError } from '../mcp/mcp-error-codes';
import { parsePromptCommand, promptArguments } from '../mcp/prompt-command';
import type { McpResourceTemplate } from '../mcp/resource-templates';
import { getPrompt, listPrompts, listResources, readResource } from '../mcp/resources-prompts';
import { createListWatch, watchResource } from './mcp-resource-watch';
import type { McpService } from './mcp-service';

/** One server's offer, as the composer's menu lists it. */
export interface McpServerOffer {
  serverId: string;
  serverName: string;
  resources: McpServerReport['resources'];
  /** Resources named by filling in variables (resources/templates/list). */
  templates: McpResourceTemplate[];
  prompts: McpServerReport['prompts'];
  /** Set when the server could not be asked. */
  problem?: string;
}

/** A resource read for a message. */
export interface McpAttachment {
  label: string;
  uri: string;
  serverId: string;
  serverName: string;
  /** When the server last said the resource changed and it was read again (ms). */
  updatedAt?: number;
  text: string;
  /** Set when the text was cut to the attachment limit: how much of it is kept. */
  note?: string;
}

export interface McpComposer {
  /** Resources and prompts of every enabled server. Never rejects. */
  offers(signal?: AbortSignal): Promise<McpServerOffer[]>;
  /** Reads a resource for attaching; throws CoveError. */
  attach(serverId: string, uri: string, label: string): Promise<McpAttachment>;
  /**
   * Reads the resource that `values` name in `template` for attaching; throws CoveError
   * (a required value left empty, or the server's refusal).
   */
  attachTemplate(
    serverId: string,
    template: McpResourceTemplate,
    values: Readonly<Record<string, string>>,
  ): Promise<McpAttachment>;
  /**
   * Keeps `attachment` as the server has it: read again each time the server says it
   * changed (where the server offers subscriptions). Returns the stop function.
   */
  watch(attachment: McpAttachment, onUpdated: (fresh: McpAttachment) => void): () => void;
  /**
   * Calls `listener` when a server listed by {@link offers} says its resources, templates
   * or prompts changed. Returns the stop function.
   */
  onListsChanged(listener: () => void): () => void;
  /**
   * When `text` is a prompt command of an enabled server, the prompt's messages as text
   * for the draft; undefined when it is no such command. Throws CoveError saying what is
   * missing or what failed.
   */
  expand(text: string, signal?: AbortSignal): Promise<string | undefined>;
}

/**
 * A resource as an attachment of the message (stored on its node, like a mention): fenced
 * with where it came from, named by its server and label for the chip.
 */
export function resourceAttachment(resource: McpAttachment): NodeAttachment {
  return {
    name: `${resource.serverName}: ${resource.label}`,
    text: `<resource server="${resource.serverName}" uri="${resource.uri}">\n${resource.text}\n</resource>`,
    ...(resource.note ? { note: resource.note } : {}),
  };
}

/** The template's label for the chip: its name and the values, e.g. "Issue (cove, 20)". */
export function templateLabel(
  template: McpResourceTemplate,
  values: Readonly<Record<string, string>>,
): string {
  const filled = template.variables
    .map((variable) => (values[variable.name] ?? '').trim())
    .filter(Boolean);
  const name = template.title ?? template.name;
  return filled.length ? `${name} (${filled.join(', ')})` : name;
}

/** The templates module comes with the SDK's URI template parser, so it is loaded when asked. */
const templates = () => import('../mcp/resource-templates');

export function createMcpComposer(mcp: McpService, clock: Clock = systemClock): McpComposer {
  const enabled = () => mcp.servers().filter((server) => server.enabled);
  const attach: McpComposer['attach'] = async (serverId, uri, label) => {
    const server = mcp.servers().find((s) => s.id === serverId);
    const connection = await mcp.connect(serverId);
    const parts = await readResource(connection, uri);
    const { text, note } = capAttachmentText(parts.map((part) => part.text).join('\n'));
    const serverName = server?.name ?? '';
    return { label, uri, serverId, serverName, text, ...(note ? { note } : {}) };
  };
  const listListeners = new Set<() => void>();
  const lists = createListWatch(() => listListeners.forEach((listener) => listener()));
  return {
    async offers(signal) {
      return Promise.all(
        enabled().map(async (server): Promise<McpServerOffer> => {
          const base = { serverId: server.id, serverName: server.name };
          try {
            const connection = await mcp.connect(server.id, signal);
            lists.follow(server.id, connection);
            const caps = connection.capabilities ?? {};
            const [resources, resourceTemplates, prompts] = await Promise.all([
              caps.resources ? listResources(connection, signal) : [],
              // Templates are newer than resources: a server without them still offers the rest.
              caps.resources
                ? templates()
                    .then((module) => module.listResourceTemplates(connection, signal))
                    .catch(() => [])
                : [],
              caps.prompts ? listPrompts(connection, signal) : [],
            ]);
            return { ...base, resources, templates: resourceTemplates, prompts };
          } catch (error) {
            const empty = { resources: [], templates: [], prompts: [] };
            return { ...base, ...empty, problem: errorText(error) };
          }
        }),
      );
    },
    attach,
    watch(attachment, onUpdated) {
      return watchResource(mcp, attachment.serverId, attachment.uri, () => {
        attach(attachment.serverId, attachment.uri, attachment.label).then(
          (fresh) => onUpdated({ ...fresh, updatedAt: clock.now() }),
          // A failed read keeps what was read before; the next update tries again.
          () => undefined,
        );
      });
    },
    onListsChanged(listener) {
      listListeners.add(listener);
      return () => listListeners.delete(listener);
    },
    async attachTemplate(serverId, template, values) {
      const { expandTemplate } = await templates();
      return attach(serverId, expandTemplate(template, values), templateLabel(template, values));
    },
    async expand(text, signal) {
      const command = parsePromptCommand(text);
      if (!command) return undefined;
      const server = enabled().find((s) => s.name.toLowerCase() === command.server.toLowerCase());
      if (!server) return undefined;
      const connection = await mcp.connect(server.id, signal);
      const prompts = await listPrompts(connection, signal);
      const prompt = prompts.find((p) => p.name === command.prompt);
      if (!prompt) {
        throw mcpError('mcp-no-prompt', {
          server: server.name,
          prompt: command.prompt,
          offered: prompts.map((p) => p.name).join(', '),
        });
      }
      const { args, missing } = promptArguments(command.rest, prompt.arguments ?? []);
      if (missing.length) {
        throw mcpError('mcp-prompt-arguments', {
          prompt: prompt.name,
          missing: missing.join(', '),
          example: `/${server.name}:${prompt.name} ${missing.map((m) => `${m}=…`).join(' ')}`,
        });
      }
      const result = await getPrompt(connection, prompt.name, args, signal ? { signal } : {});
      return result.messages.map((message) => message.text).join('\n\n');
    },
  };
}
