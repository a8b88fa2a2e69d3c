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
 * Messages the user types while a run is going, in one of two lanes they choose:
 * - steering: delivered to the running agent after its current tool batch (the loop reads
 *   them through {@link SteeringSource});
 * - queued: a follow-up started as a new run after this one ends (the app takes them with
 *   `takeQueued` when it sees run_end).
 * Plain data and no timers: the app shows `pending` and may take back a message with
 * `withdraw` until it is delivered.
 */
export class AgentInbox implements SteeringSource {
  private steering: AgentUserMessage[] = [];
  private queued: AgentUserMessage[] = [];
  private readonly listeners = new Listeners<void>();

  /** Delivers `content` to the running agent after its current tool batch. */
  steer(content: string | ContentPart[]): AgentUserMessage {
    const message: AgentUserMessage = { role: 'user', content };
    this.steering.push(message);
    this.changed();
    return message;
  }

  /** Keeps `content` for a run that starts after the current one ends. */
  queue(content: string | ContentPart[]): AgentUserMessage {
    const message: AgentUserMessage = { role: 'user', content };
    this.queued.push(message);
    this.changed();
    return message;
  }

  takeSteering(): AgentUserMessage[] {
    if (this.steering.length === 0) return [];
    const taken = this.steering;
    this.steering = [];
    this.changed();
    return taken;
  }

  /** The next queued follow-up, oldest first, or undefined. */
  takeQueued(): AgentUserMessage | undefined {
    const next = this.queued.shift();
    if (next) this.changed();
    return next;
  }

  /**
   * Steering that the run did not deliver (it ended first) moves to the front of the
   * queue, so nothing typed is lost; call when the run ends.
   */
  requeueUndelivered(): void {
    if (this.steering.length === 0) return;
    this.queued = [...this.steering, ...this.queued];
    this.steering = [];
    this.changed();
  }

  /** Removes a message not yet delivered; false if it was already taken. */
  withdraw(message: AgentUserMessage): boolean {
    const before = this.steering.length + this.queued.length;
    this.steering = this.steering.filter((m) => m !== message);
    this.queued = this.queued.filter((m) => m !== message);
    const removed = this.steering.length + this.queued.length < before;
    if (removed) this.changed();
    return removed;
  }

  /** What is waiting, for the composer's "1 steering, 2 queued" line. */
  get pending(): { steering: readonly AgentUserMessage[]; queued: readonly AgentUserMessage[] } {
    return { steering: this.steering, queued: this.queued };
  }

  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void {
    return this.listeners.subscribe(listener);
  }

  private changed(): void {
    this.listeners.emit();
  }
}
