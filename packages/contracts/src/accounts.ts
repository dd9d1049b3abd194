import { z } from 'zod';
import { envelope } from './envelope';
import { ZAccountType } from './roles';

export const ZAccountSummary = z.object({
  id: z.string(),
  name: z.string(),
  type: ZAccountType,
  parentId: z.string().nullable(),
  createdAt: z.string(),
});
export type TAccountSummary = z.infer<typeof ZAccountSummary>;

export const ZIdParams = z.object({ id: z.uuid('common.notFound') });

// GET /api/accounts/{id}
export const ZGetAccountResponse = envelope(ZAccountSummary);
