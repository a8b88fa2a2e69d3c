/**
 * Names the model sees for MCP tools: `mcp_<server>_<tool>`, in the characters every
 * provider accepts (^[a-zA-Z0-9_-]{1,64}$). Deterministic, so a tool keeps its name across
 * reconnects and an allowed tool stays allowed; unique, so two tools never collide.
 */

/** What providers accept as a function name. */
export const TOOL_NAME_PATTERN = /^[a-zA-Z0-9_-]{1,64}$/;

const MAX_LENGTH = 64;

/** Replaces every run of other characters with `_` and trims `_` from the ends. */
export function sanitizeNamePart(part: string): string {
  return part
    .normalize('NFKD')
    .replace(/[^a-zA-Z0-9_-]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A short stable hash (FNV-1a, base 36) to keep cut or clashing names apart. */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0).toString(36).padStart(7, '0').slice(0, 6);
}

/**
 * `mcp_<server>_<tool>` sanitized. When the result is too long, it is cut and a hash of the
 * original server and tool names is appended, so two long names that share a prefix stay
 * apart. Empty parts become `x`.
 */
export function mcpToolName(serverName: string, toolName: string): string {
  const server = sanitizeNamePart(serverName) || 'x';
  const tool = sanitizeNamePart(toolName) || 'x';
  const full = `mcp_${server}_${tool}`;
  const exact = full === `mcp_${serverName}_${toolName}`;
  if (full.length <= MAX_LENGTH && exact) return full;
  // Sanitizing lost information (or the name is too long): a hash keeps it unique.
  const suffix = `_${shortHash(`${serverName}\u0000${toolName}`)}`;
  return full.slice(0, MAX_LENGTH - suffix.length) + suffix;
}

/**
 * Names for all tools of one server, in the input's order, each unique among themselves
 * and against `taken` (names already offered: built-in tools, other servers). A clash left
 * after {@link mcpToolName} gets a numbered suffix, in input order, so the result depends
 * only on the inputs.
 */
export function mcpToolNames(
  serverName: string,
  toolNames: readonly string[],
  taken: Iterable<string> = [],
): string[] {
  const used = new Set(taken);
  return toolNames.map((toolName) => {
    const base = mcpToolName(serverName, toolName);
    let name = base;
    for (let n = 2; used.has(name); n++) {
      const suffix = `_${n}`;
      name = base.slice(0, MAX_LENGTH - suffix.length) + suffix;
    }
    used.add(name);
    return name;
  });
}
