import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../../apps/server/src/db/schema/sites';
import { siteSubmissions } from '../../apps/server/src/db/schema/visitors';
import { insertSite, siteDocument } from '../../apps/server/src/modules/sites/site-fixtures';
import { startProduct, type TProduct } from './harness';
import { switchLanguage } from './ui';
import { signInAs, toastText } from './users-helpers';

// Changing the contact form deletes the contact data submitted before, after a warning: the
// editor asks before saving a changed contact form; cancelling saves nothing and
// keeps the edit, confirming saves and the contact submissions are gone.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

describe('the contact form warning', () => {
  it('asks before a changed contact form deletes the contact submissions', async () => {
    const db = product.database.db;
    const site = await insertSite(db, {
      accountId: product.fixtures.accounts.company.id,
      doc: siteDocument({ name: 'Contact Reset Fair' }),
      published: true,
    });
    await db.insert(siteSubmissions).values([
      { siteId: site.id, kind: 'CONTACT', lang: 'JP', email: 'a@example.com', requestKey: 'key-contact-1' },
      { siteId: site.id, kind: 'HOMEPAGE', lang: 'JP', email: 'b@example.com', requestKey: 'key-home-1' },
    ]);
    const kinds = async () =>
      (await db.select().from(siteSubmissions).where(eq(siteSubmissions.siteId, site.id)))
        .map((r) => r.kind)
        .sort();
    const revision = async () => (await db.select().from(sites).where(eq(sites.id, site.id)))[0]!.revision;

    const page = await product.newPage({ locale: 'en-US' });
    await signInAs(page, 'user@example.com', 'admin-user');
    await switchLanguage(page, 'English');
    await page.goto(`/admin-user/site/${site.id}`);
    await page.getByTestId('site-editor').waitFor();

    // Another change saves without asking.
    await page.getByTestId('site-name').fill('Contact Reset Fair 2');
    await page.getByTestId('site-save-draft').click();
    await expect.poll(revision).toBe(1);
    expect(await page.getByTestId('contact-reset-dialog').count()).toBe(0);

    await page.getByTestId('tab-JP').click();
    await page.getByRole('button', { name: 'Forms' }).click();
    await page.getByTestId('form-type').getByText('Contact', { exact: true }).click();
    await page.getByLabel('Label').nth(1).fill('Your company');
    await page.getByTestId('site-save-draft').click();
    await page.getByTestId('contact-reset-dialog').waitFor();
    await page.getByTestId('contact-reset-cancel').click();
    await page.getByTestId('contact-reset-dialog').waitFor({ state: 'detached' });
    expect(await revision()).toBe(1);
    expect(await kinds()).toEqual(['CONTACT', 'HOMEPAGE']);
    // The edit is still there, unsaved.
    expect(await page.getByLabel('Label').nth(1).inputValue()).toBe('Your company');
    expect(await page.getByTestId('site-editor').getAttribute('data-dirty')).toBe('true');

    await page.getByTestId('site-save-draft').click();
    await page.getByTestId('contact-reset-confirm').click();
    await expect.poll(revision).toBe(2);
    await expect.poll(() => toastText(page)).toContain('The draft has been saved.');
    expect(await kinds()).toEqual(['HOMEPAGE']);
    const [row] = await db.select().from(sites).where(eq(sites.id, site.id));
    const draft = row!.draft as { content: { JP: { forms: { CONTACT_SETTING: { title: string }[] } } } };
    expect(draft.content.JP.forms.CONTACT_SETTING[1]!.title).toBe('Your company');
  });
});
