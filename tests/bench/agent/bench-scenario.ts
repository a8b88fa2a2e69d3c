// The scripted run both agents make in the agent benchmark (tests/bench/agent.bench.mjs):
// the earlier conversation, the prompt, the model's five replies and the fake tools, so
// Cove and pi-agent-core send the same requests and get the same results.
import type { ChatMessage } from '../../../src/llm/chat-message';
import type { ToolResult } from '../../../src/tools/tool';

/** Earlier messages before the prompt: alternating user and assistant, a few hundred characters each. */
export const HISTORY_LENGTH = 200;

/** Model requests in one run: write, run (fails), fix, run (works), answer. */
export const EXPECTED_TURNS = 5;

/** Tool calls in one run, in order. */
export const EXPECTED_TOOLS = ['write_file', 'run_python', 'edit_file', 'run_python'] as const;

/** Tools offered in every request. */
export const TOOL_COUNT = 20;

const TOPICS = [
  'the CSV loader',
  'the plotting helper',
  'unit tests for parse_row',
  'the retry decorator',
  'the config schema',
  'pandas groupby performance',
  'the CLI argument parser',
  'logging setup',
];

/** `count` messages of an ordinary coding conversation, user first, about 200–600 characters each. */
export function earlierConversation(count = HISTORY_LENGTH): ChatMessage[] {
  const messages: ChatMessage[] = [];
  for (let i = 0; i < count; i++) {
    const topic = TOPICS[i % TOPICS.length]!;
    if (i % 2 === 0) {
      messages.push({
        role: 'user',
        content:
          `Next, could you look at ${topic}? When I run it on data/sample_${i}.csv it takes much ` +
          `longer than I expected and the output columns come out in a different order than ` +
          `the header. I would like it to keep the header order, skip blank lines and report ` +
          `how many rows it dropped. Keep the public function names as they are (step ${i}).`,
      });
    } else {
      messages.push({
        role: 'assistant',
        content:
          `I changed ${topic} so it keeps the header order: the reader now builds the column ` +
          `list once from the first line and maps each row onto it, which also removes the ` +
          `quadratic lookup that made larger files slow. Blank lines are skipped and counted, ` +
          `and the function returns the number of dropped rows next to the data, so callers ` +
          `can log it. I ran the tests again and all ${40 + (i % 9)} pass. The public names are ` +
          `unchanged; only the private helper _normalize_row moved into the same module.`,
      });
    }
  }
  return messages;
}

/** The user's request that starts the benchmarked run. */
export const PROMPT =
  'Write stats.py with a function mean_and_spread(values) that returns the mean and the ' +
  'standard deviation, plus a small main that prints them for [2, 4, 4, 4, 5, 5, 7, 9]; ' +
  'run it and fix anything that goes wrong.';

export const FILE_PATH = 'stats.py';

const BUGGY = `import math


def mean_and_spread(values):
    """Mean and population standard deviation of a list of numbers."""
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / len(value)
    return mean, math.sqrt(variance)


if __name__ == "__main__":
    data = [2, 4, 4, 4, 5, 5, 7, 9]
    mean, spread = mean_and_spread(data)
    print(f"mean={mean:.2f} spread={spread:.2f}")
`;

export const BUG = '/ len(value)';
export const FIX = '/ len(values)';

/** The traceback the first run_python returns. */
export const TRACEBACK = `Traceback (most recent call last):
  File "/workspace/stats.py", line 13, in <module>
    mean, spread = mean_and_spread(data)
                   ^^^^^^^^^^^^^^^^^^^^^
  File "/workspace/stats.py", line 7, in mean_and_spread
    variance = sum((v - mean) ** 2 for v in values) / len(value)
                                                          ^^^^^
NameError: name 'value' is not defined. Did you mean: 'values'?`;

/** What the second run_python returns. */
export const RUN_OK = 'Exit status 0 (0.04 s)\nstdout:\nmean=5.00 spread=2.00\n';

/** The model's final answer. */
export const ANSWER =
  'stats.py is written and works: mean_and_spread returns the mean and the population ' +
  'standard deviation, and running it prints "mean=5.00 spread=2.00" for the sample data. ' +
  'The first run failed with a NameError because the variance line divided by len(value) ' +
  'instead of len(values); I fixed that one name and ran it again.';

/** One reply of the fake model: a sentence and at most one tool call. */
export interface ScriptedTurn {
  content: string;
  toolCall?: { name: string; arguments: Record<string, unknown> };
}

/** The model's five replies, in order (fake-openai-server scenarios are made from them). */
export function modelReplies(): ScriptedTurn[] {
  return [
    {
      content: 'I will write stats.py with the function and a small main.',
      toolCall: { name: 'write_file', arguments: { path: FILE_PATH, content: BUGGY } },
    },
    {
      content: 'Now I run it to check the output.',
      toolCall: { name: 'run_python', arguments: { path: FILE_PATH } },
    },
    {
      content: 'The variance line uses an undefined name; fixing it.',
      toolCall: {
        name: 'edit_file',
        arguments: { path: FILE_PATH, edits: [{ old_text: BUG, new_text: FIX }] },
      },
    },
    {
      content: 'Running it again.',
      toolCall: { name: 'run_python', arguments: { path: FILE_PATH } },
    },
    { content: ANSWER },
  ];
}

/** A tool of the benchmark that is not one of Cove's workspace file tools. */
export interface FakeToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
  approval: 'read' | 'edit' | 'code' | 'network';
  /** `call` counts this tool's calls in the run, from 0. */
  result(args: Record<string, unknown>, call: number): ToolResult;
}

const str = (description: string) => ({ type: 'string', description });

/**
 * run_python (a traceback the first time, then a clean run) and eleven more tools with
 * realistic schemas, never called, so the request offers 20 tools with the 8 file tools.
 */
export function fakeToolSpecs(): FakeToolSpec[] {
  const unused = (name: string) => () => ({ content: `${name}: not used in this benchmark` });
  return [
    {
      name: 'run_python',
      description:
        'Run Python code, or a workspace .py file, in the browser (Pyodide). Returns the exit status, stdout, stderr and any traceback.',
      parameters: {
        type: 'object',
        properties: {
          code: str('Python source to run.'),
          path: str('Workspace path of a .py file to run (or the name the code runs as).'),
          timeout_seconds: {
            type: 'number',
            minimum: 1,
            maximum: 300,
            description: 'Time limit in seconds (default 60, at most 300).',
          },
        },
        additionalProperties: false,
      },
      approval: 'code',
      result: (_args, call) =>
        call === 0
          ? { content: `Exit status 1 (0.03 s)\n${TRACEBACK}`, isError: true }
          : { content: RUN_OK },
    },
    {
      name: 'install_package',
      description: 'Install a pure-Python package from PyPI into the Python runtime (micropip).',
      parameters: {
        type: 'object',
        properties: {
          name: str('Package name, optionally with a version specifier.'),
          upgrade: { type: 'boolean', description: 'Upgrade when already installed.' },
        },
        required: ['name'],
        additionalProperties: false,
      },
      approval: 'network',
      result: unused('install_package'),
    },
    {
      name: 'bash',
      description:
        'Run a shell command over the workspace (a small POSIX shell: ls, cat, grep, sed, wc, python).',
      parameters: {
        type: 'object',
        properties: {
          command: str('The command line.'),
          timeout_seconds: { type: 'number', minimum: 1, maximum: 300 },
        },
        required: ['command'],
        additionalProperties: false,
      },
      approval: 'code',
      result: unused('bash'),
    },
    {
      name: 'fetch_url',
      description: 'Fetch a web page or file over HTTPS and return it as text or Markdown.',
      parameters: {
        type: 'object',
        properties: {
          url: { type: 'string', format: 'uri', description: 'An https: URL.' },
          max_chars: { type: 'integer', minimum: 100, maximum: 100000 },
          format: { type: 'string', enum: ['markdown', 'text', 'raw'] },
        },
        required: ['url'],
        additionalProperties: false,
      },
      approval: 'network',
      result: unused('fetch_url'),
    },
    {
      name: 'web_search',
      description: 'Search the web; returns titles, URLs and snippets.',
      parameters: {
        type: 'object',
        properties: {
          query: str('What to search for.'),
          max_results: { type: 'integer', minimum: 1, maximum: 20 },
        },
        required: ['query'],
        additionalProperties: false,
      },
      approval: 'network',
      result: unused('web_search'),
    },
    {
      name: 'todo_write',
      description: 'Replace the task list shown to the user: steps with their status.',
      parameters: {
        type: 'object',
        properties: {
          todos: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                id: str('Stable id of the step.'),
                content: str('What the step does.'),
                status: { type: 'string', enum: ['pending', 'in_progress', 'completed'] },
              },
              required: ['id', 'content', 'status'],
              additionalProperties: false,
            },
          },
        },
        required: ['todos'],
        additionalProperties: false,
      },
      approval: 'read',
      result: unused('todo_write'),
    },
    {
      name: 'git_status',
      description: 'Show changed, added and deleted files since the last commit.',
      parameters: { type: 'object', properties: {}, additionalProperties: false },
      approval: 'read',
      result: unused('git_status'),
    },
    {
      name: 'git_diff',
      description: 'Unified diff of the workspace against the last commit, for one path or all.',
      parameters: {
        type: 'object',
        properties: {
          path: str('File or folder to diff; the whole workspace when absent.'),
          context_lines: { type: 'integer', minimum: 0, maximum: 20 },
        },
        additionalProperties: false,
      },
      approval: 'read',
      result: unused('git_diff'),
    },
    {
      name: 'git_commit',
      description: 'Commit the current workspace with a message.',
      parameters: {
        type: 'object',
        properties: {
          message: str('Commit message: a short summary line, then details.'),
          paths: { type: 'array', items: { type: 'string' }, minItems: 1 },
        },
        required: ['message'],
        additionalProperties: false,
      },
      approval: 'edit',
      result: unused('git_commit'),
    },
    {
      name: 'lint_python',
      description: 'Run ruff on Python files and return its findings with line numbers.',
      parameters: {
        type: 'object',
        properties: {
          paths: { type: 'array', items: { type: 'string' }, minItems: 1 },
          fix: { type: 'boolean', description: 'Apply safe fixes.' },
        },
        required: ['paths'],
        additionalProperties: false,
      },
      approval: 'read',
      result: unused('lint_python'),
    },
    {
      name: 'format_file',
      description: 'Format a file with the formatter for its language (ruff format, prettier).',
      parameters: {
        type: 'object',
        properties: {
          path: str('File path relative to the workspace root.'),
          line_length: { type: 'integer', minimum: 40, maximum: 200 },
        },
        required: ['path'],
        additionalProperties: false,
      },
      approval: 'edit',
      result: unused('format_file'),
    },
    {
      name: 'ask_user',
      description: 'Ask the user a question and wait for the answer; offer choices when you can.',
      parameters: {
        type: 'object',
        properties: {
          question: str('The question, in one or two sentences.'),
          choices: { type: 'array', items: { type: 'string' }, maxItems: 6 },
        },
        required: ['question'],
        additionalProperties: false,
      },
      approval: 'read',
      result: unused('ask_user'),
    },
  ];
}
