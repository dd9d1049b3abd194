import type { TAuthUser } from '@swipe/contracts/auth';
import { useTranslation } from 'react-i18next';
import { isCreatorRole } from './creator-roles';
import { useShell } from './use-shell';

/** Why the signed-in user may not change anything right now, if at all. */
export type TWriteLock = 'suspended' | 'viewOnly' | null;

export type TWriteAccess = { locked: boolean; reason: string; cause: TWriteLock };

/**
 * Mirrors the server's guard for writes: view authority is refused, and so is anyone working
 * under a suspended contract (403 CONTRACT_SUSPENDED). A suspension wins because asking for
 * edit authority would not help. An inactive contract is not a lock: the server refuses only
 * plan features then, which each feature handles itself.
 */
export function writeLockOf(user: Pick<TAuthUser, 'authority' | 'contractStatus'>): TWriteLock {
  if (user.contractStatus === 'SUSPENDED') return 'suspended';
  if (user.authority !== 'EDIT') return 'viewOnly';
  return null;
}

const REASON_KEYS = { suspended: 'layout.suspendedReason', viewOnly: 'layout.viewOnlyReason' } as const;

/** Whether the signed-in user's write controls are locked, and the reason to show on them. */
export function useWriteAccess(): TWriteAccess {
  const { t } = useTranslation();
  const { user } = useShell();
  const cause = writeLockOf(user);
  return { locked: cause !== null, reason: cause ? t(REASON_KEYS[cause]) : '', cause };
}

/** Whether the signed-in user may create, edit and delete sites, and why not. */
export function useSiteWriteAccess() {
  const { t } = useTranslation();
  const { user } = useShell();
  const access = useWriteAccess();
  const creator = isCreatorRole(user.actingRole);
  // The platform looks at every site but builds none (the server refuses its writes).
  if (!creator) return { creator, locked: true, reason: t('sites.list.platformReason') };
  return { creator, locked: access.locked, reason: access.reason };
}
