/**
 * The English of the model client's errors (src/llm/llm-error.ts), worded from the params
 * src/llm/llm-failures.ts puts in them. Preset-specific CORS advice still comes from the
 * preset (src/llm/provider-presets.ts), which words it in English.
 */
import type { LlmErrorKind } from '../../llm/llm-error';
import { getPreset } from '../../llm/provider-presets';
import { localModelWording } from './local-model-messages';
import { num, saying, seconds, text, withStatus, type ErrorParams, type Wording } from './wording';

const LOCAL_NETWORK_HINT =
  'Chrome asks for permission before a public page may reach your local network: allow "Local network access" for this site (site settings, lock icon in the address bar).';

const hostOf = (p: ErrorParams) => text(p, 'host') ?? 'the server';

function localNetworkHint(p: ErrorParams): string {
  return p['localNetwork'] === true ? LOCAL_NETWORK_HINT : '';
}

function connectionHint(p: ErrorParams, host: string): string {
  const parts: string[] = [];
  if (p['mixedContent'] === true) {
    parts.push(
      `This page is served over https, so the browser blocks plain http:// to ${host}: serve the API over https, or use localhost.`,
    );
  } else if (p['localHost'] === true) {
    parts.push(
      `Check that the server at ${host} is running and that the base URL (host and port) is right.`,
    );
  } else {
    parts.push('Check your internet connection and the base URL.');
  }
  const lna = localNetworkHint(p);
  if (lna) parts.push(lna);
  return parts.join(' ');
}

/** The catalog's entries for {@link LlmErrorKind}. */
export const llmMessages = {
  auth: (p) => {
    const host = hostOf(p);
    const status = num(p, 'status');
    const detail = text(p, 'detail');
    const keyPage = text(p, 'keyPage');
    if (status === 403) {
      return {
        message: withStatus(`${host} refused access`, 403) + saying(detail),
        hint: 'Check that this key may use this model, and that your account and region have access to it.',
      };
    }
    if (status === undefined) {
      return {
        message: detail ?? `No API key is set for ${host}.`,
        hint: keyPage
          ? `Paste your key in Settings → Providers (get one at ${keyPage}).`
          : 'Paste your key in Settings → Providers.',
      };
    }
    return {
      message: withStatus(`${host} rejected the API key`, status) + saying(detail),
      hint: keyPage
        ? `Check the key in Settings → Providers, or create a new one at ${keyPage}.`
        : 'Check the key in Settings → Providers; for a local server, check the key it was started with.',
    };
  },
  'rate-limit': (p) => {
    const retryAfterMs = num(p, 'retryAfterMs');
    return {
      message:
        withStatus(`${hostOf(p)} is rate-limiting requests`, num(p, 'status')) +
        saying(text(p, 'detail')),
      hint:
        retryAfterMs !== undefined
          ? `Retry in ${seconds(retryAfterMs)}.`
          : 'Wait a little and retry; a higher usage tier or another model raises the limit.',
    };
  },
  quota: (p) => ({
    message:
      withStatus(`Your account at ${hostOf(p)} has no credit or quota left`, num(p, 'status')) +
      saying(text(p, 'detail')),
    hint: "Add credit or raise the spending limit on the provider's billing page, or switch to another provider.",
  }),
  'context-overflow': (p) =>
    p['variant'] === 'agent-stopped'
      ? {
          message:
            'The conversation no longer fits in the model’s context window, so the agent stopped.',
          hint: 'Start a new session (or delete earlier messages) and describe where the task stands; a model with a larger window also helps.',
        }
      : {
          message:
            withStatus(
              "The conversation is longer than the model's context window",
              num(p, 'status'),
            ) + saying(text(p, 'detail')),
          hint: 'Compact the conversation, start a new session, or pick a model with a larger context window.',
        },
  'bad-request': (p) => {
    const local = localModelWording(p);
    if (local) return local;
    const host = hostOf(p);
    const status = num(p, 'status');
    const detail = text(p, 'detail');
    switch (p['reason']) {
      case 'not-a-model-list':
        return {
          message: `${text(p, 'baseURL') ?? host}/models answered, but not with a list of models.`,
          hint: 'Check the base URL: for OpenAI-compatible servers it usually ends in /v1.',
        };
      case 'provider-missing':
        return {
          message: 'This provider no longer exists.',
          hint: 'It may have been removed in another tab; add it again if you need it.',
        };
      case 'config':
        return {
          message: text(p, 'problem') ?? 'The provider’s settings are not valid.',
          hint: 'Fix it in Settings → Providers.',
        };
      case 'bad-header':
        return {
          message: `The extra header "${text(p, 'header') ?? ''}" has characters a request header cannot carry.`,
          hint: 'Fix it in Settings → Providers.',
        };
      case 'bad-url':
        return {
          message: 'The base URL is not a valid http(s) URL.',
          hint: 'Fix it in Settings → Providers.',
        };
    }
    if (status === 404) {
      return {
        message: withStatus(`${host} has no such endpoint or model`, 404) + saying(detail),
        hint: 'Check the base URL (it usually ends in /v1) and the model name.',
      };
    }
    return {
      message: withStatus(`${host} refused the request`, status) + saying(detail),
      hint: "Check the model name and the model's settings: turn off tools or images if the model does not support them.",
    };
  },
  'server-error': (p) => {
    const local = localModelWording(p);
    if (local) return local;
    const host = hostOf(p);
    const status = num(p, 'status');
    if (p['streamProblem'] === 'malformed') {
      return {
        message: `${host} sent a reply Cove could not read (malformed stream data).`,
        hint: 'Retry; if it keeps happening, the server is not fully OpenAI-compatible.',
      };
    }
    if (status === undefined) {
      return {
        message: `${host} reported an error during the reply` + saying(text(p, 'detail')),
        hint: "Retry in a moment; if it persists, try another model or check the provider's status page.",
      };
    }
    return {
      message: withStatus(`${host} had an internal error`, status) + saying(text(p, 'detail')),
      hint: "Retry in a moment; if it persists, check the provider's status page.",
    };
  },
  overloaded: (p) => ({
    message: withStatus(`${hostOf(p)} is overloaded`, num(p, 'status')) + saying(text(p, 'detail')),
    hint: 'Retry in a moment, or switch to another model or provider.',
  }),
  timeout: (p) => {
    const stall = num(p, 'stallTimeoutMs');
    if (stall !== undefined) {
      return {
        message: `No data arrived from ${hostOf(p)} for ${seconds(stall)}.`,
        hint:
          p['localPreset'] === true
            ? 'Retry; a local model may need longer for a long prompt: raise the stall timeout in the provider settings.'
            : 'Retry; if the model is slow to start, raise the stall timeout in the provider settings.',
      };
    }
    return {
      message: withStatus(`${hostOf(p)} timed out`, num(p, 'status')) + saying(text(p, 'detail')),
      hint: 'Retry in a moment.',
    };
  },
  connection: (p) => {
    const host = hostOf(p);
    if (p['reason'] === 'load-failed') {
      return {
        message: 'Cove could not load the part of itself that talks to the model.',
        hint: 'Check the connection and send again; if Cove was just updated, reload the page.',
      };
    }
    if (p['midStream'] === true) {
      return {
        message: `The connection to ${host} broke before the reply was complete.`,
        hint: 'Retry; check your network connection if it happens again.',
      };
    }
    return { message: `Cannot reach ${host}.`, hint: connectionHint(p, host) };
  },
  cors: (p) => ({
    message: `${hostOf(p)} answered, but its CORS settings do not allow requests from this page.`,
    hint: [
      getPreset(text(p, 'presetId')).corsHint(text(p, 'pageOrigin') ?? 'this page’s origin'),
      localNetworkHint(p),
    ]
      .filter(Boolean)
      .join(' '),
  }),
  aborted: () => ({ message: 'Stopped.', hint: 'Send again or regenerate to continue.' }),
  'key-origin': (p) => {
    const target = text(p, 'targetOrigin') ?? hostOf(p);
    return {
      message:
        `The API key was saved for ${text(p, 'keyOrigin') ?? 'another address'}, but the provider now ` +
        `points at ${target}, so Cove did not send it.`,
      hint: `Confirm in Settings → Providers that the key may be sent to ${target}, or enter a new key.`,
    };
  },
  internal: (p) => {
    const detail = text(p, 'detail');
    switch (p['variant']) {
      // The agent layer's uses of the shared code (src/agent: engine-core, agent-loop).
      case 'answering':
        return {
          message: `Cove failed while answering: ${detail ?? 'unknown error'}`,
          hint: 'Try again; if it keeps failing, reload the page.',
        };
      case 'agent-bug':
        return {
          message: `The agent stopped because of a bug in Cove: ${detail ?? 'unknown error'}`,
          hint: 'Try again; if it happens again, report it with the conversation.',
        };
      case 'no-reason':
        return { message: 'The model request failed without saying why.', hint: 'Try again.' };
    }
    if (p['reason'] === 'script-empty') {
      return {
        message: 'The scripted chat client has no reply left for this request.',
        hint: 'Script one more reply in the test.',
      };
    }
    return {
      message: `Something went wrong inside Cove while talking to ${hostOf(p)}: ${text(p, 'internalMessage') ?? 'unknown error'}.`,
      hint: 'Retry; if it happens again, please report it.',
    };
  },
} satisfies Record<LlmErrorKind, Wording>;
