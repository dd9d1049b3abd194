import { z } from 'zod';

// The six operator roles, their route prefixes and per-user authority.
export const ROLES = ['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER', 'SUB_ADMIN'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZActingRole = z.enum(['MASTER', 'MASTER_USER', 'OEM_MASTER', 'OEM_ADMIN', 'USER']);
export type TActingRole = z.infer<typeof ZActingRole>;

export const AUTHORITIES = ['EDIT', 'VIEW'] as const;
export const ZAuthority = z.enum(AUTHORITIES);
export type TAuthority = z.infer<typeof ZAuthority>;

export const ADMIN_ROLE_LABELS = ['MAIN_CONTACT', 'VIEWER', 'EDITOR'] as const;
export const ZAdminRoleLabel = z.enum(ADMIN_ROLE_LABELS);
export type TAdminRoleLabel = z.infer<typeof ZAdminRoleLabel>;

export const ROUTE_PREFIXES = ['master', 'master-user', 'admin', 'admin-user'] as const;
export const ZRoutePrefix = z.enum(ROUTE_PREFIXES);
export type TRoutePrefix = z.infer<typeof ZRoutePrefix>;

/** Account kinds of the company tree: the platform above OEM/Enterprise accounts above their companies. */
export const ACCOUNT_TYPES = ['PLATFORM', 'OEM', 'COMPANY', 'DIRECT'] as const;
export const ZAccountType = z.enum(ACCOUNT_TYPES);
export type TAccountType = z.infer<typeof ZAccountType>;

const PREFIX_BY_ROLE: Record<TActingRole, TRoutePrefix> = {
  MASTER: 'master',
  MASTER_USER: 'master-user',
  OEM_MASTER: 'admin',
  OEM_ADMIN: 'admin',
  USER: 'admin-user',
};

/** A SUB_ADMIN takes the prefix of the role of the user it hangs under. */
export function routePrefixOf(role: TRole, parentRole?: TRole | null): TRoutePrefix {
  if (role === 'SUB_ADMIN') {
    if (!parentRole || parentRole === 'SUB_ADMIN')
      throw new Error('SUB_ADMIN needs a non-sub-admin parent role');
    return PREFIX_BY_ROLE[parentRole];
  }
  return PREFIX_BY_ROLE[role];
}

/** The role whose permissions a user acts with: a SUB_ADMIN acts as its parent's role, limited by authority. */
export const effectiveRole = (role: TRole, parentRole?: TRole | null): TActingRole =>
  role === 'SUB_ADMIN' ? (parentRole as TActingRole) : role;

export const CONTRACT_STATUSES = ['ACTIVE', 'SUSPENDED', 'TERMINATED', 'INACTIVE'] as const;
export const ZContractStatus = z.enum(CONTRACT_STATUSES);
export type TContractStatus = z.infer<typeof ZContractStatus>;
