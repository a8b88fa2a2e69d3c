/**
 * The English of the layers that still word their own errors where they throw them (the
 * runtime, MCP): such an error carries its sentences, and describeError
 * shows those. These entries make the catalog complete, so
 * moving a layer here means replacing its entry's sentence with one built from params.
 */
import type { McpErrorCode } from '../../mcp/mcp-errors';
import type { RuntimeErrorCode } from '../../runtime/runtime-errors';
import type { WorkspaceErrorCode } from '../../workspace/workspace-errors';
import type { Wording } from './wording';

const says =
  (message: string, hint = ''): Wording =>
  () => ({ message, hint });

const FIX_FIELD = 'Correct the field and save again.';

/** The runtime's codes; `bad-path` is the workspace's. */
export const runtimeMessages = {
  'bad-setting': says('A Python setting is out of range.', 'Correct it in Settings → Python.'),
  'bad-run': says('That cannot be run as it is.', 'Check the code and the file.'),
  disposed: says('Python was shut down.', 'Reload the page.'),
  'python-start': says('Python could not start.', 'Check the connection and reload the page.'),
  'lint-failed': says('The linter failed.', 'Try again.'),
  'format-failed': says('The formatter failed.', 'Try again.'),
} satisfies Record<Exclude<RuntimeErrorCode, WorkspaceErrorCode>, Wording>;

/** The MCP client's and its settings' codes. */
export const mcpMessages = {
  'mcp-timeout': says('The MCP server did not answer in time.', 'Try again later.'),
  'mcp-cancelled': says('The MCP request was cancelled.', 'Run it again if that was not meant.'),
  'mcp-unauthorized': says(
    'The MCP server needs valid credentials.',
    'Check the Authorization header in the server’s settings.',
  ),
  'mcp-session-header': says(
    'Cove could not read the MCP server’s session header.',
    'The server must expose mcp-session-id in Access-Control-Expose-Headers.',
  ),
  'mcp-mixed-content': says(
    'The browser blocked an http MCP server from this https page.',
    'Serve the MCP server over https, or run it on localhost.',
  ),
  'mcp-local-network': says(
    'The browser did not let this page reach the local MCP server.',
    'Allow local network access for this site.',
  ),
  'mcp-cors': says(
    'The MCP server’s CORS headers do not allow this page.',
    'Allow Cove’s origin on the server.',
  ),
  'mcp-unreachable': says(
    'Cannot reach the MCP server.',
    'Check that the server is running and the URL is right.',
  ),
  'mcp-http': says(
    'The MCP server answered with an HTTP error.',
    'Check the URL and headers in the server’s settings.',
  ),
  'mcp-server-error': says('The MCP server returned an error.', 'Check the arguments.'),
  'mcp-failed': says(
    'The MCP request failed.',
    'Test the server in Settings to see what it answers.',
  ),
  'mcp-closed': says('The MCP connection is closed.', 'Connect again.'),
  'mcp-invalid-name': says('The server’s name is not valid.', FIX_FIELD),
  'mcp-invalid-url': says('The server’s URL is not valid.', FIX_FIELD),
  'mcp-invalid-headers': says('A header of the server is not valid.', FIX_FIELD),
} satisfies Record<McpErrorCode, Wording>;
