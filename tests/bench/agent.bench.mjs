// The agent loop in Node: one scripted run of five turns (write a buggy file, run it and get
// a traceback, fix it, run it again, answer) after 200 earlier messages with 20 tools
// offered, against the fake OpenAI-compatible server streaming with no delay. Cove's
// runAgent with its real HTTP client and file tools, and @mariozechner/pi-agent-core doing
// the same run against the same server with the same tools, alternating; medians of
// RUNS_PER_BENCH_RUN × `runs` runs each after WARM_UP_RUNS each. A run takes tens of
// milliseconds, so a handful of runs measures the JIT warming up and the machine's noise
// rather than the loops; a long-lived page runs warm. The browser the bench hands over is
// not used.
//   agent.turn_ms           Cove, wall time of the run / 5
//   agent.turn_pi_ms        pi-agent-core, the same
//   agent.turn_ratio        agent.turn_ms / agent.turn_pi_ms (aim ≤ 0.8)
//   agent.turn_overhead_ms  Cove's own time per turn: the run's wall time minus the time
//                           spent waiting inside the model client's stream (HTTP, SSE
//                           parsing, delta assembly), / 5; tool execution stays in (aim ≤ 5)
//   chat.turn_ratio         one chat reply (about 2,000 characters, after 20 exchanges)
//                           through Cove's session engine (lock, question stored, context
//                           fitted, reply folded and persisted) / the same request through
//                           the bare HTTP client, same server, alternating (aim ≤ 1.1)
// The TypeScript (tests/bench/agent/) is bundled for Node with Vite into dist-bench-agent/.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { performance } from 'node:perf_hooks';
import { build } from 'vite';
import { startFakeOpenAIServer } from '../fixtures/fake-openai-server.mjs';

const OUT_DIR = 'dist-bench-agent';
const ENTRY = 'tests/bench/agent/agent-bench-entry.ts';
const WARM_UP_RUNS = 10;
const RUNS_PER_BENCH_RUN = 10;
/**
 * Chat replies per bench run and side: one takes about 3 ms, so ten pairs were a sample
 * the machine's noise decided (a descheduled pair moved the median by 10 %).
 */
const CHAT_RUNS_PER_BENCH_RUN = 60;

/** Bundles the entry for Node (dependencies stay imports of node_modules); returns its module. */
async function buildEntry() {
  await build({
    configFile: false,
    logLevel: 'warn',
    build: {
      ssr: path.resolve(ENTRY),
      outDir: path.resolve(OUT_DIR),
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      rollupOptions: { output: { format: 'es', entryFileNames: 'agent-bench.mjs' } },
    },
  });
  return import(pathToFileURL(path.resolve(OUT_DIR, 'agent-bench.mjs')).href);
}

/** Fails the suite unless the run did the whole script: a comparison of partial runs is no comparison. */
function check(who, measured, requests, entry) {
  const problems = [];
  if (measured.turns !== entry.EXPECTED_TURNS)
    problems.push(`${measured.turns} turns, not ${entry.EXPECTED_TURNS}`);
  if (measured.tools.join(',') !== entry.EXPECTED_TOOLS.join(','))
    problems.push(`tools run: [${measured.tools.join(', ')}]`);
  if (measured.toolErrors.join(',') !== 'run_python')
    problems.push(
      `tool errors: [${measured.toolErrors.join(', ')}] (only the first run_python should fail)`,
    );
  if (measured.answer !== entry.ANSWER)
    problems.push(`final answer: ${measured.answer.slice(0, 80)}`);
  if (!measured.file?.includes(entry.FIX)) problems.push('stats.py was not fixed');
  if (!['done', 'stop'].includes(measured.end)) problems.push(`ended with ${measured.end}`);
  if (requests.length !== entry.EXPECTED_TURNS) problems.push(`${requests.length} model requests`);
  for (const [i, request] of requests.entries()) {
    const tools = request.body?.tools?.length;
    const messages = request.body?.messages?.length;
    // System prompt, history, prompt, then two messages per earlier tool turn.
    const expected = entry.HISTORY_LENGTH + 2 + 2 * i;
    if (tools !== entry.TOOL_COUNT) problems.push(`request ${i + 1} offered ${tools} tools`);
    if (messages !== expected)
      problems.push(`request ${i + 1} sent ${messages} messages, not ${expected}`);
    if (request.body?.stream !== true) problems.push(`request ${i + 1} did not stream`);
  }
  if (problems.length)
    throw new Error(`agent bench: ${who} did not do the scripted run: ${problems.join('; ')}`);
}

/**
 * @param {{ runs: number, median: (xs: number[]) => number }} bench
 */
export async function run({ runs, median }) {
  const entry = await buildEntry();
  const server = await startFakeOpenAIServer();
  const now = () => performance.now();
  const scenarios = () =>
    entry.modelReplies().map((reply) => ({
      content: reply.content,
      ...(reply.toolCall ? { toolCalls: [reply.toolCall] } : {}),
      delayMs: 0,
    }));
  const once = async (who) => {
    server.reset();
    server.script(...scenarios());
    const measured = await (who === 'cove' ? entry.runCove : entry.runPi)(server.baseURL, now);
    check(who, measured, server.chatRequests(), entry);
    return measured;
  };
  const cove = [];
  const pi = [];
  const overhead = [];
  const chatEngine = [];
  const chatBare = [];
  try {
    // Warm-up: the JIT, the sockets and the schema compilers of both.
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      await once('cove');
      await once('pi');
    }
    for (let i = 0; i < runs * RUNS_PER_BENCH_RUN; i++) {
      // Alternate which goes first, so neither always follows the other's garbage.
      for (const who of i % 2 ? ['pi', 'cove'] : ['cove', 'pi']) {
        const measured = await once(who);
        const perTurn = measured.wallMs / entry.EXPECTED_TURNS;
        if (who === 'pi') pi.push(perTurn);
        else {
          cove.push(perTurn);
          overhead.push((measured.wallMs - measured.streamMs) / entry.EXPECTED_TURNS);
        }
      }
    }
    // A chat reply: the engine against the bare client.
    const chatOnce = async (who) => {
      server.reset();
      server.script({ content: entry.CHAT_REPLY, delayMs: 0 });
      const measured = await (who === 'engine' ? entry.runChatEngine : entry.runBareChat)(
        server.baseURL,
        now,
      );
      if (measured.answer !== entry.CHAT_REPLY)
        throw new Error(`chat bench: ${who} answered ${measured.answer.slice(0, 80)}`);
      const sent = server.chatRequests()[0]?.body?.messages?.length;
      if (sent !== entry.CHAT_HISTORY_EXCHANGES * 2 + 2)
        throw new Error(`chat bench: ${who} sent ${sent} messages`);
      return measured.wallMs;
    };
    for (let i = 0; i < WARM_UP_RUNS; i++) {
      await chatOnce('engine');
      await chatOnce('bare');
    }
    for (let i = 0; i < runs * CHAT_RUNS_PER_BENCH_RUN; i++) {
      for (const who of i % 2 ? ['bare', 'engine'] : ['engine', 'bare']) {
        (who === 'engine' ? chatEngine : chatBare).push(await chatOnce(who));
      }
    }
  } finally {
    await server.close();
  }
  const metrics = {
    'agent.turn_ms': median(cove),
    'agent.turn_pi_ms': median(pi),
    'agent.turn_overhead_ms': median(overhead),
  };
  metrics['agent.turn_ratio'] = metrics['agent.turn_ms'] / metrics['agent.turn_pi_ms'];
  metrics['chat.turn_ms'] = median(chatEngine);
  metrics['chat.turn_bare_ms'] = median(chatBare);
  metrics['chat.turn_ratio'] = metrics['chat.turn_ms'] / metrics['chat.turn_bare_ms'];
  console.log(
    `agent: Cove ${metrics['agent.turn_ms'].toFixed(2)} ms/turn, pi ${metrics['agent.turn_pi_ms'].toFixed(2)} ms/turn ` +
      `(ratio ${metrics['agent.turn_ratio'].toFixed(2)}, aim ≤ 0.8); Cove's own time ` +
      `${metrics['agent.turn_overhead_ms'].toFixed(2)} ms/turn (aim ≤ 5); ` +
      `${entry.EXPECTED_TURNS} turns, ${entry.HISTORY_LENGTH} earlier messages, ${entry.TOOL_COUNT} tools`,
  );
  return metrics;
}
