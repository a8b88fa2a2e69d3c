// What tests/bench/agent.bench.mjs imports once Vite has bundled it for Node: both agents'
// scripted runs and the script itself.
export { runCove, toolNames, type RunMeasurement } from './cove-run';
export { runPi } from './pi-run';
export {
  ANSWER,
  EXPECTED_TOOLS,
  EXPECTED_TURNS,
  FIX,
  HISTORY_LENGTH,
  TOOL_COUNT,
  modelReplies,
} from './bench-scenario';
export {
  CHAT_REPLY,
  CHAT_QUESTION,
  CHAT_HISTORY_EXCHANGES,
  runBareChat,
  runChatEngine,
} from './chat-run';
