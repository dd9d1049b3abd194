import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { platformSecrets } from '../../db/schema/communications';
import type { TAppContext } from '../../platform/context';

// The VAPID key pair that signs Web Push requests and that browsers subscribe with: from the
// environment when set, else made once and kept in `platform_secrets`, so every process (and
// every restart) signs with the one key its visitors subscribed with. Two processes making it at
// once both insert; the first wins and both read it back.

export type TVapidKeys = { publicKey: string; privateKey: string };

const SECRET = 'vapid';
const loaded = new WeakMap<object, Promise<TVapidKeys>>();

async function storedKeys(ctx: TAppContext): Promise<TVapidKeys> {
  const made = webpush.generateVAPIDKeys();
  await ctx.db
    .insert(platformSecrets)
    .values({ name: SECRET, value: { publicKey: made.publicKey, privateKey: made.privateKey } })
    .onConflictDoNothing({ target: platformSecrets.name });
  const [row] = await ctx.db
    .select({ value: platformSecrets.value })
    .from(platformSecrets)
    .where(eq(platformSecrets.name, SECRET));
  const { publicKey, privateKey } = row?.value ?? {};
  if (!publicKey || !privateKey) throw new Error('platform_secrets holds no VAPID key pair');
  return { publicKey, privateKey };
}

/** The key pair of this deployment (read once per process and database). */
export function vapidKeys(ctx: TAppContext): Promise<TVapidKeys> {
  if (ctx.config.vapid) return Promise.resolve(ctx.config.vapid);
  let keys = loaded.get(ctx.db);
  if (!keys) {
    keys = storedKeys(ctx);
    loaded.set(ctx.db, keys);
    // A failure (the database away) is not kept: the next call tries again.
    keys.catch(() => loaded.delete(ctx.db));
  }
  return keys;
}
