import { describe, expect, it } from 'vitest';
import { AgentInbox } from '../../../src/agent/agent-inbox';

describe('AgentInbox', () => {
  it('keeps steering and queued messages apart, oldest first', () => {
    const inbox = new AgentInbox();
    inbox.steer('a');
    inbox.queue('later 1');
    inbox.steer('b');
    inbox.queue('later 2');
    expect(inbox.takeSteering().map((m) => m.content)).toEqual(['a', 'b']);
    expect(inbox.takeSteering()).toEqual([]);
    expect(inbox.takeQueued()?.content).toBe('later 1');
    expect(inbox.takeQueued()?.content).toBe('later 2');
    expect(inbox.takeQueued()).toBeUndefined();
  });

  // Invariant 19: a message typed during a run is never lost or sent on its own.
  it('moves steering the run did not deliver to the front of the queue, so nothing typed is lost', () => {
    const inbox = new AgentInbox();
    inbox.queue('follow-up');
    inbox.steer('too late');
    inbox.requeueUndelivered();
    expect(inbox.pending.map((p) => [p.lane, p.message.content])).toEqual([
      ['queued', 'too late'],
      ['queued', 'follow-up'],
    ]);
  });

  // Invariant 19: a message typed during a run is never lost or sent on its own.
  it('after a run that did not answer, everything waiting is held: never taken as a follow-up, only withdrawn', () => {
    const inbox = new AgentInbox();
    inbox.queue('follow-up');
    const steer = inbox.steer('too late');
    inbox.holdUndelivered();
    expect(inbox.pending.map((p) => [p.lane, p.message.content])).toEqual([
      ['held', 'too late'],
      ['held', 'follow-up'],
    ]);
    expect(inbox.takeSteering()).toEqual([]);
    expect(inbox.takeQueued()).toBeUndefined();
    // A message queued in a later run goes as usual; the held ones stay held.
    inbox.queue('new');
    expect(inbox.takeQueued()?.content).toBe('new');
    expect(inbox.withdraw(steer)).toBe(true);
    expect(inbox.pending.map((p) => p.message.content)).toEqual(['follow-up']);
  });

  it('lets a message be withdrawn until it is delivered and tells listeners of each change', () => {
    const inbox = new AgentInbox();
    let changes = 0;
    const stop = inbox.subscribe(() => changes++);
    const message = inbox.steer('oops');
    expect(inbox.withdraw(message)).toBe(true);
    expect(inbox.withdraw(message)).toBe(false);
    stop();
    inbox.steer('quiet');
    expect(changes).toBe(2);
  });
});
