import { z } from 'zod';
import { envelope, listEnvelope, ZMessageOnly } from './envelope';
import { ZAdminRoleLabel, ZAuthority } from './roles';

// Admin settings: the sub-admins (role SUB_ADMIN) of one principal
// operator. Each works in the principal's account, under its route prefix, with its own
// authority (edit or view) and an admin-role label (main contact, viewer, editor).

export const ADMIN_NAME_MAX = 50;

export const ZAdmin = z.object({
  id: z.string(),
  /** The manager's name. */
  name: z.string(),
  email: z.string(),
  adminRoleLabel: ZAdminRoleLabel.nullable(),
  authority: ZAuthority,
  /** The principal (main account) the sub-admins hang under; listed first, not editable here. */
  isPrincipal: z.boolean(),
  /** The signed-in caller's own row. */
  isSelf: z.boolean(),
  /** Still has to replace the mailed first password. */
  mustChangePassword: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TAdmin = z.infer<typeof ZAdmin>;

const ZManagerName = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, 'common.required')
  .max(ADMIN_NAME_MAX, 'common.tooLong');

const ZAdminEmail = z
  .string({ error: 'common.required' })
  .trim()
  .min(1, 'common.required')
  .max(256, 'common.tooLong')
  .pipe(z.email('common.invalidEmail'));

export const ZAdminInput = z.object({
  name: ZManagerName,
  email: ZAdminEmail,
  adminRoleLabel: ZAdminRoleLabel,
  authority: ZAuthority,
});
export type TAdminInput = z.infer<typeof ZAdminInput>;

// GET /api/admins: the principal first, then its sub-admins oldest first (never paged: a handful).
export const ZListAdminsResponse = listEnvelope(ZAdmin);

// POST /api/admins: a random first password is mailed; it must be changed at first sign-in.
export const ZCreateAdminRequest = ZAdminInput;
export const ZCreateAdminResponse = envelope(ZAdmin);

// PUT /api/admins/:id
export const ZUpdateAdminRequest = ZAdminInput;
export const ZUpdateAdminResponse = envelope(ZAdmin);

// DELETE /api/admins/:id
export const ZDeleteAdminResponse = ZMessageOnly;
