import type { TDb } from '../../db/client';
import { siteWebhooks } from '../../db/schema/webhooks';
import { insertSite } from '../sites/site-fixtures';

/** A webhook on a new site of the account: both ids of its routes. */
export async function insertWebhook(db: TDb, accountId: string) {
  const site = await insertSite(db, { accountId });
  const [hook] = await db
    .insert(siteWebhooks)
    .values({ siteId: site.id, url: 'https://tenant.example.com/hook', secret: 'whsec_cross' })
    .returning();
  return { id: site.id, webhookId: hook!.id };
}
