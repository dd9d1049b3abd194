import type { TContractStatus, TRole } from '@swipe/contracts/roles';
import type { TContractAction, TUserKind } from '@swipe/contracts/users';
import { inSubtree } from '../../platform/caller';
import type { TCaller } from '../../platform/context';

// Who is listed as which kind, and who may manage whom: anyone in the caller's subtree below
// the caller's own account, and in the caller's own account only a lower role.

/**
 * The account type of a user row (OEM master, OEM admin, user, direct user), or null for rows the
 * user list never shows.
 */
export function kindOf(role: string, accountType: string): TUserKind | null {
  if (role === 'OEM_MASTER' || role === 'OEM_ADMIN' || role === 'USER') return role;
  if (role === 'MASTER_USER' && accountType === 'DIRECT') return 'DIRECT_USER';
  return null;
}

/** The role a kind is stored with. */
export const ROLE_OF_KIND: Record<TUserKind, TRole> = {
  OEM_MASTER: 'OEM_MASTER',
  OEM_ADMIN: 'OEM_ADMIN',
  USER: 'USER',
  DIRECT_USER: 'MASTER_USER',
};

const RANK: Record<string, number> = { MASTER: 4, OEM_MASTER: 3, OEM_ADMIN: 2, USER: 1, MASTER_USER: 1 };

/**
 * A caller manages users of accounts strictly below its own, and users of its own account
 * whose role ranks lower (an OEM master manages its OEM admins, not the other way round).
 */
export function mayManage(
  caller: Pick<TCaller, 'accountPath' | 'actingRole'>,
  target: { accountPath: string; role: string },
): boolean {
  if (!inSubtree(caller, target.accountPath)) return false;
  if (target.accountPath !== caller.accountPath) return true;
  return (RANK[caller.actingRole] ?? 0) > (RANK[target.role] ?? 0);
}

/** Contract transitions (suspend, resume, terminate), by the status they start from. */
export const TRANSITIONS: Record<TContractAction, { from: TContractStatus[]; to: TContractStatus }> = {
  SUSPEND: { from: ['ACTIVE'], to: 'SUSPENDED' },
  RESUME: { from: ['SUSPENDED'], to: 'ACTIVE' },
  TERMINATE: { from: ['ACTIVE', 'SUSPENDED'], to: 'TERMINATED' },
};

export const actionsFrom = (status: TContractStatus): TContractAction[] =>
  (Object.keys(TRANSITIONS) as TContractAction[]).filter((a) => TRANSITIONS[a].from.includes(status));
