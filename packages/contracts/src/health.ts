import { z } from 'zod';

export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['ok', 'down']),
  /** Whether files can be written (a full disk, or a write just refused for want of space). */
  storage: z.enum(['ok', 'degraded']),
});
