import { Listeners } from '../base/listeners';
import type { ChatMessage, ContentPart } from '../llm/chat-message';

/** A user message as the agent receives it. */
export type AgentUserMessage = Extract<ChatMessage, { role: 'user' }>;

/** Where the loop picks up steering messages (see {@link AgentInbox}). */
export interface SteeringSource {
  /** Removes and returns the steering messages typed since the last call, oldest first. */
  takeSteering(): AgentUserMessage[];
}

/**
 * Where a message typed during a run waits:
 * - `steering`: goes to the running agent after its current tool batch;
 * - `queued`: sent as the next message when this run ends by answering;
 * - `held`: the run ended another way (Stop, an error, a limit) before it was delivered: it
 *   waits for the person, who sends, edits or removes it. Nothing held is sent on its own.
 */
export type InboxLane = 'steering' | 'queued' | 'held';

/** A message waiting in the inbox, oldest first within its lane. */
export interface PendingMessage {
  message: AgentUserMessage;
  lane: InboxLane;
}

/**
 * Messages the person types while a run is going, in the lanes of {@link InboxLane}. Plain
 * data and no timers: the app shows `pending` and may take back any message with `withdraw`
 * until it is delivered, so nothing typed vanishes or is sent behind the person's back.
 */
export class AgentInbox implements SteeringSource {
  private lanes: Record<InboxLane, AgentUserMessage[]> = { steering: [], queued: [], held: [] };
  private readonly listeners = new Listeners<void>();

  /** Delivers `content` to the running agent after its current tool batch. */
  steer(content: string | ContentPart[]): AgentUserMessage {
    return this.add('steering', content);
  }

  /** Keeps `content` for a run that starts after the current one ends. */
  queue(content: string | ContentPart[]): AgentUserMessage {
    return this.add('queued', content);
  }

  takeSteering(): AgentUserMessage[] {
    if (this.lanes.steering.length === 0) return [];
    const taken = this.lanes.steering;
    this.lanes.steering = [];
    this.changed();
    return taken;
  }

  /** The next queued follow-up, oldest first, or undefined. Held messages are not taken. */
  takeQueued(): AgentUserMessage | undefined {
    const next = this.lanes.queued.shift();
    if (next) this.changed();
    return next;
  }

  /**
   * The run answered: steering it did not deliver (it ended first) moves to the front of
   * the queue, so it goes as the next message.
   */
  requeueUndelivered(): void {
    if (this.lanes.steering.length === 0) return;
    this.lanes.queued = [...this.lanes.steering, ...this.lanes.queued];
    this.lanes.steering = [];
    this.changed();
  }

  /**
   * The run ended without answering (Stop, an error, a limit): everything not delivered is
   * held for the person to decide, in the order it was typed.
   */
  holdUndelivered(): void {
    if (this.lanes.steering.length === 0 && this.lanes.queued.length === 0) return;
    this.lanes.held = [...this.lanes.held, ...this.lanes.steering, ...this.lanes.queued];
    this.lanes.steering = [];
    this.lanes.queued = [];
    this.changed();
  }

  /** Removes a message not yet delivered; false if it was already taken. */
  withdraw(message: AgentUserMessage): boolean {
    for (const lane of Object.keys(this.lanes) as InboxLane[]) {
      const at = this.lanes[lane].indexOf(message);
      if (at < 0) continue;
      this.lanes[lane] = this.lanes[lane].filter((m) => m !== message);
      this.changed();
      return true;
    }
    return false;
  }

  /** Everything waiting: steering, then queued, then held. */
  get pending(): readonly PendingMessage[] {
    return (['steering', 'queued', 'held'] as const).flatMap((lane) =>
      this.lanes[lane].map((message) => ({ message, lane })),
    );
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    return this.listeners.subscribe(listener);
  }

  private add(lane: InboxLane, content: string | ContentPart[]): AgentUserMessage {
    const message: AgentUserMessage = { role: 'user', content };
    this.lanes[lane].push(message);
    this.changed();
    return message;
  }

  private changed(): void {
    this.listeners.emit();
  }
}
