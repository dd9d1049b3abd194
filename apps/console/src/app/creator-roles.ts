import type { TActingRole } from '@swipe/contracts/roles';

// Kept apart from write-access.ts (a hook with the shell and the translator) so that plain code
// and its tests can ask it without loading either.

/** The roles that build sites (the server's SITE_EDIT_ROLES); the platform (MASTER) only looks. */
const CREATOR_ROLES: readonly TActingRole[] = ['MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER'];
export const isCreatorRole = (role: TActingRole) => CREATOR_ROLES.includes(role);
