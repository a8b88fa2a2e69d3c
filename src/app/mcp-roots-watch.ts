/**
 * Tells the connected MCP servers when Cove's root changes: the person opened another
 * workspace (or renamed it), so a server that keeps the roots it was given asks again
 * (notifications/roots/list_changed). Servers connected later ask at initialize anyway.
 */
import { createEffect, createRoot, on } from 'solid-js';
import type { McpConnection } from '../mcp/mcp-connection';

/**
 * Follows `workspaceName` until the returned function is called. The first read waits a
 * microtask: the accessor may reach services the composition root makes after this one.
 */
export function tellRootsChanges(
  workspaceName: () => string | undefined,
  connected: () => Iterable<McpConnection>,
): () => void {
  let dispose: (() => void) | undefined;
  let stopped = false;
  queueMicrotask(() => {
    if (stopped) return;
    dispose = createRoot((end) => {
      let told = workspaceName();
      createEffect(
        on(
          workspaceName,
          (name) => {
            // Opening a workspace passes through "none": only a new open one is told, once.
            if (name === undefined || name === told) return;
            told = name;
            for (const connection of connected()) void connection.rootsChanged();
          },
          { defer: true },
        ),
      );
      return end;
    });
  });
  return () => {
    stopped = true;
    dispose?.();
  };
}
