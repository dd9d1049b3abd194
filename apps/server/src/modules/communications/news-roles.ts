import type { TActingRole } from '@swipe/contracts/roles';

/** Who writes latest information: platform staff (MASTER for every site, OEM staff for their companies'). */
export const NEWS_ROLES = ['MASTER', 'OEM_MASTER', 'OEM_ADMIN'] as const satisfies readonly TActingRole[];
