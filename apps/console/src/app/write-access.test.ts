import type { TAuthUser } from '@swipe/contracts/auth';
import type { TAuthority, TContractStatus } from '@swipe/contracts/roles';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useWriteAccess, writeLockOf } from './write-access';

// The hook reads only the shell's user and the translator: both stand in here, so the hook runs
// as a plain function (no renderer needed). t() answers the key, which names the reason shown.
const shell = vi.hoisted(() => ({ user: {} as Partial<TAuthUser> }));
vi.mock('./use-shell', () => ({ useShell: () => ({ user: shell.user, prefix: 'admin' }) }));
vi.mock('react-i18next', () => ({ useTranslation: () => ({ t: (key: string) => `t:${key}` }) }));

const as = (authority: TAuthority, contractStatus: TContractStatus | null) => {
  shell.user = { authority, contractStatus };
  return useWriteAccess();
};

describe('useWriteAccess', () => {
  beforeEach(() => {
    shell.user = {};
  });

  it('locks a view-only user, with the view-only reason', () => {
    expect(as('VIEW', 'ACTIVE')).toEqual({
      locked: true,
      reason: 't:layout.viewOnlyReason',
      cause: 'viewOnly',
    });
    // The platform has no contract: authority alone decides.
    expect(as('VIEW', null).locked).toBe(true);
  });

  it('locks an editor whose contract is suspended, with the suspension as the reason', () => {
    expect(as('EDIT', 'SUSPENDED')).toEqual({
      locked: true,
      reason: 't:layout.suspendedReason',
      cause: 'suspended',
    });
  });

  it('names the suspension when a view-only user is also suspended (edit authority would not help)', () => {
    expect(as('VIEW', 'SUSPENDED').reason).toBe('t:layout.suspendedReason');
  });

  it('leaves an editor with an active contract, or none (the platform), unlocked', () => {
    expect(as('EDIT', 'ACTIVE')).toEqual({ locked: false, reason: '', cause: null });
    expect(as('EDIT', null).locked).toBe(false);
  });

  it('does not lock on an inactive or terminated contract (the server refuses only plan features then)', () => {
    expect(as('EDIT', 'INACTIVE').locked).toBe(false);
    expect(as('EDIT', 'TERMINATED').locked).toBe(false);
  });
});

describe('writeLockOf', () => {
  it('tells the cause for every authority and contract status', () => {
    const statuses: (TContractStatus | null)[] = ['ACTIVE', 'SUSPENDED', 'TERMINATED', 'INACTIVE', null];
    const table = statuses.map((s) => [
      s,
      writeLockOf({ authority: 'EDIT', contractStatus: s }),
      writeLockOf({ authority: 'VIEW', contractStatus: s }),
    ]);
    expect(table).toEqual([
      ['ACTIVE', null, 'viewOnly'],
      ['SUSPENDED', 'suspended', 'suspended'],
      ['TERMINATED', null, 'viewOnly'],
      ['INACTIVE', null, 'viewOnly'],
      [null, null, 'viewOnly'],
    ]);
  });
});
