import type { TDb } from '../../db/client';
import { siteMembers, siteSubmissions } from '../../db/schema/visitors';

// Members and form submissions for tests and the demo seed, written straight to the tables (the
// end-user API's own rules are what its tests are for).

type TAnswers = { title: string; value: string }[];

export async function insertMember(
  db: TDb,
  opts: {
    siteId: string;
    email: string;
    status?: 'PENDING' | 'ACTIVE';
    lang?: string;
    data?: TAnswers;
    createdAt?: Date;
    confirmedAt?: Date | null;
    lastLoginAt?: Date | null;
    /** A real hash when the member must be able to sign in; a placeholder nobody matches else. */
    passwordHash?: string;
  },
) {
  const status = opts.status ?? 'ACTIVE';
  const createdAt = opts.createdAt ?? new Date();
  const [row] = await db
    .insert(siteMembers)
    .values({
      siteId: opts.siteId,
      email: opts.email.toLowerCase(),
      passwordHash: opts.passwordHash ?? 'fixture:no-password',
      status,
      lang: opts.lang ?? 'JP',
      data: opts.data ?? [],
      createdAt,
      confirmedAt: opts.confirmedAt !== undefined ? opts.confirmedAt : status === 'ACTIVE' ? createdAt : null,
      lastLoginAt: opts.lastLoginAt ?? null,
    })
    .returning();
  return row!;
}

export async function insertSubmission(
  db: TDb,
  opts: {
    siteId: string;
    kind: 'CONTACT' | 'HOMEPAGE';
    email: string;
    companyName?: string;
    lang?: string;
    data?: TAnswers;
    mode?: string | null;
    createdAt?: Date;
  },
) {
  const [row] = await db
    .insert(siteSubmissions)
    .values({
      siteId: opts.siteId,
      kind: opts.kind,
      email: opts.email.toLowerCase(),
      companyName: opts.companyName ?? '',
      lang: opts.lang ?? 'JP',
      data: opts.data ?? [],
      mode: opts.mode ?? null,
      requestKey: crypto.randomUUID().replace(/-/g, ''),
      createdAt: opts.createdAt ?? new Date(),
    })
    .returning();
  return row!;
}
