/** What the person asks for, which shapes the instructions of the chat prompt. */
export type TaskType = 'debug' | 'explain' | 'optimize' | 'default';

const PATTERNS: [TaskType, RegExp][] = [
  [
    'debug',
    /\b(bug|debug|error|exception|traceback|crash(es|ed)?|fails?|failing|broken|doesn'?t work|not working|wrong (output|result)|fix)\b/i,
  ],
  [
    'optimize',
    /\b(optimi[sz]e|faster|speed up|slow|performance|efficient|complexity|memory usage|refactor)\b/i,
  ],
  [
    'explain',
    /\b(explain|what does|what is|how does|why does|walk me through|understand|meaning of)\b/i,
  ],
];

/**
 * Reads the task type from a message by its wording. The first matching kind wins, in the
 * order debug, optimize, explain ("explain this error" is a debugging task); anything else
 * is `default`.
 */
export function detectTaskType(message: string): TaskType {
  for (const [type, pattern] of PATTERNS) if (pattern.test(message)) return type;
  return 'default';
}
