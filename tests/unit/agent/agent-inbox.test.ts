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

  it('moves steering the run did not deliver to the front of the queue, so nothing typed is lost', () => {
    const inbox = new AgentInbox();
    inbox.queue('follow-up');
    inbox.steer('too late');
    inbox.requeueUndelivered();
    expect(inbox.pending.steering).toEqual([]);
    expect(inbox.pending.queued.map((m) => m.content)).toEqual(['too late', 'follow-up']);
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
