import type { TUiLanguage } from '@swipe/contracts/i18n';
import { translate } from '@swipe/contracts/messages';
import { checkPassword, OPERATOR_PASSWORD } from '@swipe/contracts/password';
import type {
  TAccountType,
  TAdminRoleLabel,
  TAuthority,
  TContractStatus,
  TRole,
} from '@swipe/contracts/roles';
import { count, eq, sql } from 'drizzle-orm';
import type { TConfig } from '../config';
import { SEED_LOCK, type TDb } from '../db/client';
import { accounts, users } from '../db/schema/accounts';
import { contracts, plans } from '../db/schema/plans';
import type { TDbOrTx } from '../db/tx';
import { MODULES } from '../modules/modules';
import type { TDemoSeed, TModule } from '../platform/module';
import { hashPassword } from '../platform/password-hash';
import { firstDayOfNextMonthJst, jstDate } from '../platform/schedule';
import type { TStorage } from '../platform/storage';
import { PLAN_CATALOGUE } from './plan-catalogue';

// Demo data and test fixtures in one place (seed functions double as fixtures). Migrations hold no data.

export const DEMO_PASSWORD = 'Demo@2026pass';

export async function seedPlans(db: TDbOrTx) {
  const rows = await db.insert(plans).values(PLAN_CATALOGUE).onConflictDoNothing().returning();
  return Object.fromEntries(rows.map((p) => [p.code, p]));
}

export async function createAccount(
  db: TDbOrTx,
  opts: { type: TAccountType; name: string; parentId?: string | null },
) {
  let parentPath = '/';
  let depth = 0;
  if (opts.parentId) {
    const [parent] = await db.select().from(accounts).where(eq(accounts.id, opts.parentId));
    if (!parent) throw new Error(`parent account ${opts.parentId} not found`);
    parentPath = parent.path;
    depth = parent.depth + 1;
  }
  const id = crypto.randomUUID();
  const [row] = await db
    .insert(accounts)
    .values({
      id,
      type: opts.type,
      name: opts.name,
      parentId: opts.parentId ?? null,
      path: `${parentPath}${id}/`,
      depth,
    })
    .returning();
  return row!;
}

const hashCache = new Map<string, Promise<string>>();
const cachedHash = (password: string) => {
  if (!hashCache.has(password)) hashCache.set(password, hashPassword(password));
  return hashCache.get(password)!;
};

export async function createUser(
  db: TDbOrTx,
  opts: {
    accountId: string;
    email: string;
    name: string;
    role: TRole;
    password?: string;
    authority?: TAuthority;
    adminRoleLabel?: TAdminRoleLabel | null;
    parentUserId?: string | null;
    mustChangePassword?: boolean;
    language?: TUiLanguage;
  },
) {
  const [row] = await db
    .insert(users)
    .values({
      accountId: opts.accountId,
      email: opts.email.trim().toLowerCase(),
      name: opts.name,
      role: opts.role,
      authority: opts.authority ?? 'EDIT',
      adminRoleLabel: opts.adminRoleLabel ?? null,
      parentUserId: opts.parentUserId ?? null,
      passwordHash: await cachedHash(opts.password ?? DEMO_PASSWORD),
      mustChangePassword: opts.mustChangePassword ?? false,
      language: opts.language ?? 'ja',
    })
    .returning();
  return row!;
}

export async function createContract(
  db: TDbOrTx,
  opts: { accountId: string; planId: string; status?: TContractStatus; startDate?: string; months?: number },
) {
  const start = opts.startDate ?? new Date().toISOString().slice(0, 10);
  const end = new Date(`${start}T00:00:00Z`);
  end.setUTCMonth(end.getUTCMonth() + (opts.months ?? 12));
  end.setUTCDate(end.getUTCDate() - 1);
  const [row] = await db
    .insert(contracts)
    .values({
      accountId: opts.accountId,
      planId: opts.planId,
      status: opts.status ?? 'ACTIVE',
      startDate: start,
      endDate: end.toISOString().slice(0, 10),
    })
    .returning();
  return row!;
}

/** The demo tenant tree of the README; also the fixture the tests sign in with. */
export async function seedDemo(db: TDbOrTx) {
  const planByCode = await seedPlans(db);
  const platform = await createAccount(db, { type: 'PLATFORM', name: 'Swipe LP Platform' });
  const master = await createUser(db, {
    accountId: platform.id,
    email: 'master@example.com',
    name: 'Master Operator',
    role: 'MASTER',
    adminRoleLabel: 'MAIN_CONTACT',
  });

  const oem = await createAccount(db, { type: 'OEM', name: 'Sakura Agency (OEM)', parentId: platform.id });
  await createContract(db, { accountId: oem.id, planId: planByCode.pro_multi!.id });
  const oemMaster = await createUser(db, {
    accountId: oem.id,
    email: 'oem@example.com',
    name: 'Hanako Sato',
    role: 'OEM_MASTER',
    adminRoleLabel: 'MAIN_CONTACT',
  });
  const oemAdmin = await createUser(db, {
    accountId: oem.id,
    email: 'oem-admin@example.com',
    name: 'Taro Suzuki',
    role: 'OEM_ADMIN',
    adminRoleLabel: 'EDITOR',
  });
  const sub = await createUser(db, {
    accountId: oem.id,
    email: 'sub@example.com',
    name: 'Yuki Tanaka',
    role: 'SUB_ADMIN',
    parentUserId: oemMaster.id,
    authority: 'VIEW',
    adminRoleLabel: 'VIEWER',
  });

  const company = await createAccount(db, { type: 'COMPANY', name: 'Hinode Foods Inc.', parentId: oem.id });
  await createContract(db, { accountId: company.id, planId: planByCode.standard!.id });
  const user = await createUser(db, {
    accountId: company.id,
    email: 'user@example.com',
    name: 'Ken Watanabe',
    role: 'USER',
  });
  // As if an operator had just created them: the first sign-in asks for a new password.
  const newcomer = await createUser(db, {
    accountId: company.id,
    email: 'newcomer@example.com',
    name: 'Aoi Nakamura',
    role: 'USER',
    mustChangePassword: true,
  });

  const direct = await createAccount(db, { type: 'DIRECT', name: 'Aozora Cosmetics', parentId: platform.id });
  await createContract(db, { accountId: direct.id, planId: planByCode.premium!.id });
  const directUser = await createUser(db, {
    accountId: direct.id,
    email: 'direct@example.com',
    name: 'Mika Kobayashi',
    role: 'MASTER_USER',
    adminRoleLabel: 'MAIN_CONTACT',
  });
  // The direct account's own sub-admin (edit authority): tenant B's id in the cross-tenant suite.
  const directSub = await createUser(db, {
    accountId: direct.id,
    email: 'sub-direct@example.com',
    name: 'Sora Ito',
    role: 'SUB_ADMIN',
    parentUserId: directUser.id,
    authority: 'EDIT',
    adminRoleLabel: 'EDITOR',
  });

  const customers = await seedDemoCustomers(db, { planByCode, oemId: oem.id, platformId: platform.id });

  return {
    plans: planByCode,
    accounts: { platform, oem, company, direct, ...customers.accounts },
    users: { master, oemMaster, oemAdmin, sub, user, newcomer, directUser, directSub, ...customers.users },
  };
}

/**
 * More customers so the user list is not bare: a company under the OEM whose contract is
 * suspended, a direct customer with a plan change waiting for next month, and a company whose
 * contract ended last month.
 */
async function seedDemoCustomers(
  db: TDbOrTx,
  opts: { planByCode: Record<string, typeof plans.$inferSelect>; oemId: string; platformId: string },
) {
  const { planByCode } = opts;
  const now = new Date();
  const monthsAgo = (n: number) => {
    const d = new Date(`${jstDate(now).slice(0, 8)}01T00:00:00Z`);
    d.setUTCMonth(d.getUTCMonth() - n);
    return d.toISOString().slice(0, 10);
  };

  const kaede = await createAccount(db, { type: 'COMPANY', name: 'Kaede Travel Co.', parentId: opts.oemId });
  const kaedeContract = await createContract(db, {
    accountId: kaede.id,
    planId: planByCode.light!.id,
    status: 'SUSPENDED',
    startDate: monthsAgo(3),
  });
  await db.update(contracts).set({ suspendedAt: now }).where(eq(contracts.id, kaedeContract.id));
  const kaedeUser = await createUser(db, {
    accountId: kaede.id,
    email: 'kaede@example.com',
    name: 'Ren Yamamoto',
    role: 'USER',
  });

  const minato = await createAccount(db, {
    type: 'DIRECT',
    name: 'Minato Software',
    parentId: opts.platformId,
  });
  const minatoContract = await createContract(db, {
    accountId: minato.id,
    planId: planByCode.standard!.id,
    startDate: monthsAgo(6),
  });
  await db
    .update(contracts)
    .set({ pendingPlanId: planByCode.premium!.id, pendingPlanFrom: jstDate(firstDayOfNextMonthJst(now)) })
    .where(eq(contracts.id, minatoContract.id));
  const minatoUser = await createUser(db, {
    accountId: minato.id,
    email: 'minato@example.com',
    name: 'Daiki Ishikawa',
    role: 'MASTER_USER',
    adminRoleLabel: 'MAIN_CONTACT',
    language: 'en',
  });

  const tsubame = await createAccount(db, { type: 'COMPANY', name: 'Tsubame Books', parentId: opts.oemId });
  const tsubameContract = await createContract(db, {
    accountId: tsubame.id,
    planId: planByCode.trial!.id,
    status: 'INACTIVE',
    startDate: monthsAgo(13),
  });
  await db.update(contracts).set({ endedAt: now }).where(eq(contracts.id, tsubameContract.id));
  const tsubameUser = await createUser(db, {
    accountId: tsubame.id,
    email: 'tsubame@example.com',
    name: 'Emi Fujita',
    role: 'USER',
  });

  return {
    accounts: { kaede, minato, tsubame },
    users: { kaedeUser, minatoUser, tsubameUser },
  };
}

/** Production: only the plan catalogue and one MASTER from MASTER_EMAIL / MASTER_PASSWORD. */
export async function seedProduction(db: TDbOrTx, email: string, password: string) {
  await seedPlans(db);
  const platform = await createAccount(db, { type: 'PLATFORM', name: 'Platform' });
  await createUser(db, {
    accountId: platform.id,
    email,
    name: 'Master',
    role: 'MASTER',
    password,
    adminRoleLabel: 'MAIN_CONTACT',
  });
}

/**
 * The demo data every module declares (module.ts `demoSeed`), in module-list order: Hinode's
 * published site, its survey and visitor data. Returns the demo site.
 */
export async function seedDemoModules(
  db: TDbOrTx,
  storage: TStorage,
  owner: TDemoSeed['owner'],
  modules: readonly TModule[] = MODULES,
) {
  const demo: TDemoSeed = { db, storage, owner };
  for (const module of modules) await module.demoSeed?.(demo);
  if (!demo.site) throw new Error('no module seeded the demo site');
  return demo.site;
}

/**
 * Seeds an empty database once; does nothing when users exist. With a storage, the demo also
 * gets its published site (images are files, so the plain fixtures of the tests go without).
 */
export async function seed(
  database: TDb,
  config: Pick<TConfig, 'demo' | 'masterEmail' | 'masterPassword'>,
  storage?: TStorage,
) {
  // One transaction under a lock: processes starting together on an empty database seed it
  // once (the others wait, then find users), and a seed that fails leaves nothing half made.
  // Start-up work like the migrations: no request timeouts, since the others wait for however
  // long the first one's seed takes (seconds on a busy machine, longer than a request may wait).
  return database.transaction(async (db) => {
    await db.execute(sql`set local lock_timeout = 0`);
    await db.execute(sql`set local statement_timeout = 0`);
    await db.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    return seedEmpty(db, config, storage);
  });
}

async function seedEmpty(
  db: TDbOrTx,
  config: Pick<TConfig, 'demo' | 'masterEmail' | 'masterPassword'>,
  storage?: TStorage,
) {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return 'skipped' as const;
  if (config.demo) {
    const demo = await seedDemo(db);
    if (storage)
      await seedDemoModules(db, storage, { accountId: demo.accounts.company.id, userId: demo.users.user.id });
    return 'demo' as const;
  }
  if (!config.masterEmail || !config.masterPassword)
    throw new Error('Production start on an empty database needs MASTER_EMAIL and MASTER_PASSWORD');
  const broken = checkPassword(config.masterPassword, OPERATOR_PASSWORD);
  if (broken)
    throw new Error(
      `MASTER_PASSWORD breaks the password rules (${translate(broken, 'en', OPERATOR_PASSWORD)})`,
    );
  await seedProduction(db, config.masterEmail, config.masterPassword);
  return 'production' as const;
}
