/**
 * What the composer watches on the servers while the person writes: an attached resource
 * the server can report changes of (resources/subscribe) is read again when it says so, so
 * the message carries the resource as it is when sent; and the servers' notices that their
 * resources or prompts changed, so the MCP menu and the slash commands list them afresh.
 */
import type { McpConnection } from '../mcp/mcp-connection';
import type { McpServerChange } from '../mcp/mcp-roots';
import { subscribeResource, unsubscribeResource } from '../mcp/resources-prompts';
import type { McpService } from './mcp-service';

/**
 * Subscribes to `uri` on server `serverId` and calls `onUpdated` each time the server says
 * it changed. Returns the stop function (unsubscribes). A server without subscriptions, or
 * one that refuses, leaves the attachment as it was read: nothing is told.
 */
export function watchResource(
  mcp: McpService,
  serverId: string,
  uri: string,
  onUpdated: () => void,
): () => void {
  let stopped = false;
  let stopListening = () => {};
  let connection: McpConnection | undefined;
  void (async () => {
    connection = await mcp.connect(serverId);
    if (stopped) return;
    stopListening = connection.onServerChange((change) => {
      if (change.kind === 'resource-updated' && change.uri === uri) onUpdated();
    });
    if (!(await subscribeResource(connection, uri)) || stopped) stopListening();
    if (stopped) await unsubscribeResource(connection, uri);
  })().catch(() => stopListening());
  return () => {
    if (stopped) return;
    stopped = true;
    stopListening();
    if (connection) void unsubscribeResource(connection, uri);
  };
}

/**
 * Calls `onChange` when a server among `connections` says its resources or prompts changed;
 * each connection is followed once however often it is passed. Returns the stop function.
 */
export function createListWatch(onChange: (serverId: string, change: McpServerChange) => void) {
  const followed = new Map<McpConnection, () => void>();
  return {
    follow(serverId: string, connection: McpConnection) {
      if (followed.has(connection)) return;
      followed.set(
        connection,
        connection.onServerChange((change) => {
          if (change.kind !== 'resource-updated') onChange(serverId, change);
        }),
      );
    },
    stop() {
      followed.forEach((stop) => stop());
      followed.clear();
    },
  };
}
