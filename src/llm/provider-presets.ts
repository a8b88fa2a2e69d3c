/** The providers Cove knows by name. `custom` is any other OpenAI-compatible endpoint. */
export type ProviderPresetId =
  | 'openai'
  | 'deepseek'
  | 'openrouter'
  | 'groq'
  | 'mistral'
  | 'together'
  | 'ollama'
  | 'lmstudio'
  | 'vllm'
  | 'llamacpp'
  | 'custom';

/** Whether a provider needs an API key: always, only if its operator set one up, or never. */
export type KeyRequirement = 'required' | 'optional' | 'none';

/**
 * What Cove knows about a kind of provider before the user configures it. Every field is a
 * default the user may override per provider or per model.
 */
export interface ProviderPreset {
  id: ProviderPresetId;
  label: string;
  /** Default base URL, ending before `/chat/completions`; empty for `custom`. */
  baseURL: string;
  key: KeyRequirement;
  /** Where the user gets a key, when there is such a page. */
  keyPage?: string;
  /** A server on the user's own machine or network (CORS and Local Network Access apply). */
  local: boolean;
  /**
   * Default of the per-model `sendReasoningBack` setting: whether earlier assistant reasoning
   * goes back to the server as `reasoning_content`. DeepSeek's thinking mode requires it
   * after tool calls; most other servers ignore or reject the field.
   */
  sendReasoningBack: boolean;
  /** Name of the output-limit parameter; OpenAI's reasoning models refuse `max_tokens`. */
  maxTokensParam: 'max_tokens' | 'max_completion_tokens';
  /** Default stall timeout: local servers may think for minutes before the first byte. */
  stallTimeoutMs: number;
  /** What to change when the server blocks this page by CORS, for the page at `origin`. */
  corsHint(origin: string): string;
  /** Facts worth showing next to the preset in settings. */
  notes: readonly string[];
}

const CLOUD_STALL_MS = 90_000;
const LOCAL_STALL_MS = 300_000;

function genericCorsHint(origin: string): string {
  return (
    `The server (or a proxy in front of it) must allow the origin ${origin} and the ` +
    'Authorization and Content-Type request headers, and answer the OPTIONS preflight.'
  );
}

function cloud(
  id: ProviderPresetId,
  label: string,
  baseURL: string,
  keyPage: string,
  notes: readonly string[],
  extra: Partial<ProviderPreset> = {},
): ProviderPreset {
  return {
    id,
    label,
    baseURL,
    key: 'required',
    keyPage,
    local: false,
    sendReasoningBack: false,
    maxTokensParam: 'max_tokens',
    stallTimeoutMs: CLOUD_STALL_MS,
    corsHint: genericCorsHint,
    notes,
    ...extra,
  };
}

function local(
  id: ProviderPresetId,
  label: string,
  baseURL: string,
  key: KeyRequirement,
  corsHint: (origin: string) => string,
  notes: readonly string[],
): ProviderPreset {
  return {
    id,
    label,
    baseURL,
    key,
    local: true,
    sendReasoningBack: false,
    maxTokensParam: 'max_tokens',
    stallTimeoutMs: LOCAL_STALL_MS,
    corsHint,
    notes,
  };
}

/** The preset registry, in the order settings should list it. */
export const PROVIDER_PRESETS: readonly ProviderPreset[] = [
  cloud(
    'openai',
    'OpenAI',
    'https://api.openai.com/v1',
    'https://platform.openai.com/api-keys',
    [
      'Reasoning models (o-series, GPT-5) keep their reasoning hidden; only its token count is reported.',
    ],
    { maxTokensParam: 'max_completion_tokens' },
  ),
  cloud(
    'deepseek',
    'DeepSeek',
    'https://api.deepseek.com/v1',
    'https://platform.deepseek.com/api_keys',
    [
      'Thinking mode streams reasoning as reasoning_content.',
      'After a tool call, the reasoning must be sent back in later requests, or the API answers 400.',
    ],
    { sendReasoningBack: true },
  ),
  cloud(
    'openrouter',
    'OpenRouter',
    'https://openrouter.ai/api/v1',
    'https://openrouter.ai/settings/keys',
    [
      'Reasoning arrives in the `reasoning` field.',
      'Errors can arrive inside a successful (HTTP 200) stream; Cove reports them as errors.',
      'Optional headers HTTP-Referer and X-Title name the app on openrouter.ai.',
    ],
  ),
  cloud('groq', 'Groq', 'https://api.groq.com/openai/v1', 'https://console.groq.com/keys', [
    'Low rate limits on free keys: expect 429 with a wait time.',
  ]),
  cloud('mistral', 'Mistral', 'https://api.mistral.ai/v1', 'https://console.mistral.ai/api-keys', [
    'Tool call ids must come from Mistral itself; mixing histories from other providers can be rejected.',
  ]),
  cloud(
    'together',
    'Together AI',
    'https://api.together.xyz/v1',
    'https://api.together.ai/settings/api-keys',
    [
      'Open-weight models; reasoning models put their thinking in <think> tags or reasoning fields.',
    ],
  ),
  local(
    'ollama',
    'Ollama',
    'http://localhost:11434/v1',
    'none',
    (origin) =>
      `Ollama only answers pages it knows. Set the environment variable OLLAMA_ORIGINS=${origin} ` +
      'for the Ollama server and restart it.',
    [
      'Ollama uses the model’s default context size (often 4096 tokens) and silently drops the start of longer prompts: raise it with OLLAMA_CONTEXT_LENGTH.',
      'The key field is ignored; leave it empty.',
    ],
  ),
  local(
    'lmstudio',
    'LM Studio',
    'http://localhost:1234/v1',
    'none',
    () =>
      'In LM Studio, open the Developer tab, turn on "Enable CORS" in the server settings and restart the server.',
    ['Load a model and start the server in the Developer tab first.'],
  ),
  local(
    'vllm',
    'vLLM',
    'http://localhost:8000/v1',
    'optional',
    (origin) =>
      `Start vLLM with --allowed-origins '["${origin}"]' (and keep --allowed-headers at its default "*").`,
    [
      'A key is needed only if the server was started with --api-key.',
      'Native tool calls need --enable-auto-tool-choice and a --tool-call-parser for the model.',
    ],
  ),
  local(
    'llamacpp',
    'llama.cpp server',
    'http://localhost:8080/v1',
    'optional',
    (origin) =>
      'llama-server allows every origin by default, so something else is in the way: if it runs ' +
      'with --api-prefix, add the prefix to the base URL; if a proxy sits in front, it must ' +
      `allow ${origin} and the Authorization and Content-Type headers.`,
    [
      'A key is needed only if the server was started with --api-key.',
      'Native tool calls need --jinja.',
    ],
  ),
  {
    ...cloud('custom', 'Custom (OpenAI-compatible)', '', '', [
      'Any server that speaks the OpenAI chat completions API.',
    ]),
    key: 'optional',
    keyPage: undefined,
  },
];

/** The preset with this id; unknown ids (e.g. from an old export) fall back to `custom`. */
export function getPreset(id: string | undefined): ProviderPreset {
  return PROVIDER_PRESETS.find((preset) => preset.id === id) ?? customPreset();
}

function customPreset(): ProviderPreset {
  return PROVIDER_PRESETS[PROVIDER_PRESETS.length - 1]!;
}
