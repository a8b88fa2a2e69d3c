/**
 * The English of the MCP client's errors, its server settings' and the composer's prompt
 * commands' (src/mcp/mcp-error-codes.ts), from their params. A `detail` param is the server's own
 * words (or another error's text), and `problem` / `problemHint` are the header check's
 * sentences (src/llm/request-headers.ts, as for providers); both are shown as they are.
 */
import {
  MCP_CORS_EXPOSED_HEADERS,
  MCP_CORS_REQUEST_HEADERS,
  type McpErrorCode,
} from '../../mcp/mcp-error-codes';
import { num, text, withStatus, type ErrorParams, type Wording } from './wording';

const FIX_FIELD = 'Correct the field and save again.';
const CREDENTIALS_FROM_OWNER =
  'Enter what the authorization server issued for this client (its owner or admin console has it).';

const variant = (p: ErrorParams) => text(p, 'variant');

/** The server's own words (`detail`) after a colon, even when empty; a full stop without. */
function quoting(p: ErrorParams): string {
  const detail = p['detail'];
  return detail === undefined ? '.' : `: ${String(detail)}`;
}

/** "The MCP server example.com", or without a host "The MCP server". */
function theServer(p: ErrorParams): string {
  const host = text(p, 'host');
  return host ? `The MCP server ${host}` : 'The MCP server';
}

/** The CORS setup a server needs for Cove, as one sentence, with the page's origin. */
function corsRequirements(p: ErrorParams): string {
  const pageOrigin = text(p, 'pageOrigin');
  return (
    `The server must allow Cove’s origin${pageOrigin ? ` (${pageOrigin})` : ''} in Access-Control-Allow-Origin, ` +
    `allow the request headers ${MCP_CORS_REQUEST_HEADERS.join(', ')} (Access-Control-Allow-Headers), ` +
    `and expose ${MCP_CORS_EXPOSED_HEADERS.join(', ')} (Access-Control-Expose-Headers).`
  );
}

function httpHint(status: number | undefined): string {
  if (status === 404 || status === 405) {
    return 'Check the URL: it is the server’s MCP endpoint, usually ending in /mcp (or /sse for older servers).';
  }
  if (status !== undefined && status >= 500) {
    return 'The server failed; its own log says why. Try again later.';
  }
  return 'Check the URL and headers in the server’s settings.';
}

/** The step of an OAuth sign-in, as the sentences name it. */
const OAUTH_STEPS: Record<string, string> = {
  'resource-metadata': 'reading the server’s protected resource metadata',
  'server-metadata': 'reading the authorization server’s metadata',
  registration: 'registering Cove with the authorization server',
  authorization: 'the authorization page',
  token: 'exchanging the code for a token',
  refresh: 'refreshing the token',
  revocation: 'revoking the token',
};

function oauthWording(p: ErrorParams): { message: string; hint: string } {
  const host = text(p, 'host') ?? 'the authorization server';
  const server = text(p, 'server') ?? 'the MCP server';
  const step = OAUTH_STEPS[text(p, 'step') ?? ''] ?? 'signing in';
  const status = num(p, 'status');
  switch (variant(p)) {
    case 'denied':
      return {
        message: `Signing in to ${server} was refused on the authorization page (access denied).`,
        hint: 'Sign in again and allow Cove access, or ask the server’s owner for access.',
      };
    case 'expired':
      return {
        message: `Your sign-in to ${server} expired: ${host} no longer accepts its refresh token.`,
        hint: 'Sign in again under Settings → MCP servers.',
      };
    case 'cors': {
      const pageOrigin = text(p, 'pageOrigin');
      return {
        message: `Signing in to ${server} failed while ${step}: ${host} answered, but its CORS headers do not let this page read the answer.`,
        hint: `${host} must send ${text(p, 'header') ?? 'Access-Control-Allow-Origin'}${pageOrigin ? ` allowing ${pageOrigin}` : ''}. Ask its owner, or use a pre-registered client the server allows from the browser.`,
      };
    }
    case 'unreachable':
      return {
        message: `Signing in to ${server} failed while ${step}: nothing answered at ${host}.`,
        hint: 'Check that the authorization server is up and reachable from this browser, then try again.',
      };
    case 'resource':
      return {
        message: `Signing in to ${server} stopped: its protected resource metadata names another server, so Cove sends it no token.`,
        hint: 'Check the server’s URL in its settings; if it is right, the server’s metadata is wrong.',
      };
    case 'refused':
      return {
        message: `${host} refused ${step === OAUTH_STEPS['registration'] ? 'to register Cove' : `while ${step}`}${quoting(p)}`,
        hint:
          text(p, 'step') === 'registration'
            ? 'The server does not let Cove register itself: enter a client id registered for Cove under the server’s sign-in settings.'
            : 'Sign in again; if it keeps failing, the authorization server’s words say why.',
      };
    default:
      return {
        message: `Signing in to ${server} failed while ${step}${status !== undefined ? ` (HTTP ${status})` : ''}${quoting(p)}`,
        hint:
          text(p, 'step') === 'resource-metadata' || text(p, 'step') === 'server-metadata'
            ? 'Discovery failed: the server does not publish the OAuth metadata Cove needs. Check the URL, or use a bearer token header instead.'
            : 'Try again; if it keeps failing, the server’s words say why.',
      };
  }
}

export const mcpMessages = {
  'mcp-timeout': (p) => {
    const seconds = num(p, 'seconds');
    return {
      message: `${theServer(p)} did not answer${seconds !== undefined ? ` within ${seconds} s` : ' in time'}.`,
      hint: 'The server may be busy or stuck; try again later, or ask for less at once.',
    };
  },
  'mcp-cancelled': (p) => {
    switch (variant(p)) {
      case 'request':
        return { message: 'The MCP request was cancelled.', hint: '' };
      case 'call':
        return { message: 'The MCP call was stopped.', hint: '' };
      default:
        return {
          message: 'The MCP request was cancelled.',
          hint: 'Run it again if that was not meant.',
        };
    }
  },
  'mcp-unauthorized': (p) => ({
    message: `${withStatus(`${theServer(p)} refused the request`, num(p, 'status'))}: it needs valid credentials.`,
    hint: 'Check the Authorization header (a bearer token) in the server’s settings.',
  }),
  'mcp-sign-in-required': (p) => ({
    message:
      variant(p) === 'expired'
        ? `Your sign-in to ${theServer(p).replace('The MCP server', 'the MCP server')} expired.`
        : `${theServer(p)} asks you to sign in.`,
    hint: 'Sign in under Settings → MCP servers, then try again.',
  }),
  'mcp-oauth': (p) => oauthWording(p),
  'mcp-session-header': (p) => ({
    message: `${theServer(p)} answered the first request but rejected the next one (“Server not initialized”): Cove could not read its Mcp-Session-Id header.`,
    hint: 'The server must expose mcp-session-id (and mcp-protocol-version) in Access-Control-Expose-Headers.',
  }),
  'mcp-mixed-content': (p) => {
    const host = text(p, 'host');
    return {
      message: `The browser blocked ${host ? `http://${host}` : 'an http MCP server'} from this https page (mixed content).`,
      hint: 'Serve the MCP server over https, or run it on localhost.',
    };
  },
  'mcp-local-network': (p) => {
    const host = text(p, 'host');
    return {
      message: `The browser did not let this page reach the local ${host ? `server ${host}` : 'MCP server'}: a page on a public address needs your permission (Chrome’s Local Network Access prompt) to reach a local one.`,
      hint: `Allow local network access for this site when the browser asks (or in its site settings), and check the server is running. ${corsRequirements(p)}`,
    };
  },
  'mcp-cors': (p) => ({
    message:
      variant(p) === 'answered'
        ? `${theServer(p)} answered, but its CORS headers do not let this page read the answer.`
        : `The browser could not read an answer from ${text(p, 'host') ?? 'the MCP server'}: its CORS headers do not allow this page, or it is not running.`,
    hint: corsRequirements(p),
  }),
  'mcp-unreachable': (p) => {
    const host = text(p, 'host');
    return {
      message: `Cannot reach the MCP server${host ? ` at ${host}` : ''}: nothing answered.`,
      hint: 'Check that the server is running and the URL (host and port) is right.',
    };
  },
  'mcp-http': (p) => {
    const status = num(p, 'status');
    const reason = status === 404 ? ' (not found)' : status === 405 ? ' (method not allowed)' : '';
    return {
      message:
        status === undefined
          ? `${theServer(p)} answered with an HTTP error.`
          : `${theServer(p)} answered HTTP ${status}${reason}.`,
      hint: httpHint(status),
    };
  },
  'mcp-server-error': (p) => ({
    message: `${theServer(p)} returned an error${quoting(p)}`,
    hint: 'Check the arguments, or the server’s documentation for this call.',
  }),
  'mcp-failed': (p) => {
    const host = text(p, 'host');
    return {
      message: `The MCP request${host ? ` to ${host}` : ''} failed${quoting(p)}`,
      hint: 'Test the server in Settings to see what it answers.',
    };
  },
  'mcp-closed': () => ({ message: 'The MCP connection is closed.', hint: 'Connect again.' }),
  'mcp-invalid-name': (p) => {
    switch (variant(p)) {
      case 'empty':
        return { message: 'The server has no name.', hint: 'Give it a short name, e.g. “github”.' };
      case 'too-long':
        return {
          message: `The server name is longer than ${text(p, 'max') ?? ''} characters.`,
          hint: 'Use a shorter name; it becomes part of each tool name the model sees.',
        };
      case 'taken':
        return {
          message: `A server named “${text(p, 'name') ?? ''}” exists already.`,
          hint: 'Give this one another name; the name is part of its tool names.',
        };
      default:
        return { message: 'The server’s name is not valid.', hint: FIX_FIELD };
    }
  },
  'mcp-invalid-url': (p) => {
    switch (variant(p)) {
      case 'not-a-url':
        return {
          message: `“${text(p, 'url') ?? ''}” is not a URL.`,
          hint: 'Type the full endpoint, e.g. https://example.com/mcp.',
        };
      case 'not-http':
        return {
          message: `Cove reaches MCP servers over HTTP only, not ${text(p, 'protocol') ?? ''}.`,
          hint: 'Use the server’s http(s) endpoint (Streamable HTTP or SSE); stdio servers need a bridge such as mcp-proxy.',
        };
      case 'credentials':
        return {
          message: 'The URL carries a user name or password.',
          hint: 'Put credentials in an Authorization header instead.',
        };
      default:
        return { message: 'The server’s URL is not valid.', hint: FIX_FIELD };
    }
  },
  'mcp-invalid-headers': (p) => ({
    message: text(p, 'problem') ?? 'A header of the server is not valid.',
    hint: text(p, 'problemHint') ?? FIX_FIELD,
  }),
  'mcp-invalid-sign-in': (p) => {
    switch (text(p, 'field')) {
      case 'client-id':
        return { message: 'Client credentials need a client ID.', hint: CREDENTIALS_FROM_OWNER };
      case 'secret':
        return {
          message: 'Client credentials need the client secret.',
          hint: CREDENTIALS_FROM_OWNER,
        };
      case 'algorithm':
        return {
          message: 'Choose the algorithm the private key signs with.',
          hint: 'It is the one the authorization server expects for this client (RS256 for an RSA key, ES256 for a P-256 key).',
        };
      default:
        return variant(p) === 'format'
          ? {
              message: 'The private key is neither a PEM private key nor a JWK.',
              hint: 'Paste the whole key: from -----BEGIN PRIVATE KEY----- to its END line (PKCS #8), or the JWK as JSON.',
            }
          : {
              message: 'Client credentials with a signed key need the private key.',
              hint: CREDENTIALS_FROM_OWNER,
            };
    }
  },
  'mcp-client-credentials': (p) => {
    const server = text(p, 'server') ?? 'the MCP server';
    const host = text(p, 'host') ?? 'the authorization server';
    const proof = text(p, 'kind') === 'private-key-jwt' ? 'the signed key' : 'the secret';
    switch (variant(p)) {
      case 'no-token-endpoint':
        return {
          message: `Signing in to ${server} with client credentials failed: no token endpoint was found (${host} publishes no OAuth metadata naming one).`,
          hint: 'Check the server’s URL; if it is right, the server does not take client credentials: use browser sign-in or a bearer token header.',
        };
      case 'bad-key':
        return {
          message: `Cove could not sign with the private key (${text(p, 'algorithm') ?? 'the algorithm chosen'})${quoting(p)}`,
          hint: 'Check that the key is a private key (PKCS #8 PEM or JWK) of the kind the algorithm needs (RS/PS: RSA, ES: EC, EdDSA: Ed25519).',
        };
      case 'issuer':
        return {
          message: `${server} now names another authorization server than the one these client credentials were used with, so Cove does not send them there.`,
          hint: 'If the server really moved to a new authorization server, save the sign-in settings again with a client registered there.',
        };
      default:
        return {
          message: `The token endpoint of ${host} refused the client ID and ${proof}${quoting(p)}`,
          hint: `Check the client ID and ${proof} under the server’s sign-in settings, and that this client may use the client_credentials grant.`,
        };
    }
  },
  'mcp-no-prompt': (p) => {
    const server = text(p, 'server');
    const prompt = text(p, 'prompt');
    // `offered`: the server's prompts, "" when it has none; absent when not known.
    const offered = p['offered'];
    return {
      message: `The MCP server${server ? ` ${server}` : ''} has no prompt${prompt ? ` “${prompt}”` : ' by that name'}.`,
      hint:
        offered === undefined
          ? 'Check the prompt’s name.'
          : offered === ''
            ? 'It offers no prompts.'
            : `Its prompts: ${String(offered)}.`,
    };
  },
  'mcp-prompt-arguments': (p) => {
    const prompt = text(p, 'prompt');
    const example = text(p, 'example');
    return {
      message: `The prompt${prompt ? ` ${prompt}` : ''} needs ${text(p, 'missing') ?? 'more arguments'}.`,
      hint: example
        ? `Type them after the command, e.g. ${example}`
        : 'Type them after the command, as name=value.',
    };
  },
  'mcp-template-values': (p) => {
    const template = text(p, 'template');
    return {
      message: `The resource${template ? ` ${template}` : ''} needs ${text(p, 'missing') ?? 'more values'}.`,
      hint: 'Fill in every field of the template, then attach it.',
    };
  },
} satisfies Record<McpErrorCode, Wording>;
