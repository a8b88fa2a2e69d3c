import { describe, expect, it } from 'vitest';
import { needsApproval } from '../../../src/agent/approval-policy';
import type { ToolApprovalKind } from '../../../src/tools/tool';

const tool = (name: string, approval: ToolApprovalKind) => ({ name, approval });
const kinds: ToolApprovalKind[] = ['read', 'edit', 'code', 'network'];
const asks = (mode: 'ask' | 'auto-edit' | 'auto') =>
  kinds.filter((kind) => needsApproval({ mode }, tool(`t_${kind}`, kind)));

describe('needsApproval', () => {
  // Invariant 10: no side-effecting tool runs without approval or a rule.
  it('asks per mode: everything but reads in ask, code and network in auto-edit, nothing in auto', () => {
    expect(asks('ask')).toEqual(['edit', 'code', 'network']);
    expect(asks('auto-edit')).toEqual(['code', 'network']);
    expect(asks('auto')).toEqual([]);
  });

  // Invariant 10: no side-effecting tool runs without approval or a rule.
  it('lets per-tool overrides win over the mode, but never makes a read ask', () => {
    const policy = {
      mode: 'auto-edit' as const,
      overrides: {
        run_python: 'allow' as const,
        write_file: 'ask' as const,
        read_file: 'ask' as const,
      },
    };
    expect(needsApproval(policy, tool('run_python', 'code'))).toBe(false);
    expect(needsApproval(policy, tool('write_file', 'edit'))).toBe(true);
    expect(needsApproval(policy, tool('read_file', 'read'))).toBe(false);
    expect(needsApproval(policy, tool('bash', 'code'))).toBe(true);
  });

  it('does not ask again about a tool approved for the session', () => {
    expect(needsApproval({ mode: 'ask' }, tool('bash', 'code'), new Set(['bash']))).toBe(false);
    expect(needsApproval({ mode: 'ask' }, tool('fetch_url', 'network'), new Set(['bash']))).toBe(
      true,
    );
  });
});
