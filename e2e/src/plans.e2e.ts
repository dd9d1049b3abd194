import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../apps/server/src/seed/seed';
import { signIn, startProduct, type TProduct } from './harness';
import { screenshot } from './screenshots';
import { dialogSettled, horizontalOverflow } from './ui';
import { waitForLanding } from './users-helpers';

// Plans: the platform edits a plan (a new version) while the customer on it keeps the version
// it signed; a new plan is created and retired; customers cannot reach plan management.

let product: TProduct;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.close());

const signedIn = async (email: string, prefix: string, opts: { phone?: boolean } = {}) => {
  const page = await product.newPage(opts);
  await signIn(page, email, DEMO_PASSWORD);
  await waitForLanding(page, prefix);
  return page;
};

const modalShot = (page: Page, name: string) => screenshot(page, name, { fullPage: false });

const setNumber = async (page: Page, testId: string, value: string) => {
  const input = page.getByTestId(testId);
  await input.fill('');
  await input.fill(value);
};

describe('plans', () => {
  it('master edits the Standard price: version 2 appears, contracts stay on version 1', async () => {
    const master = await signedIn('master@example.com', 'master');
    await master.getByTestId('side-menu').getByTestId('menu-plan-management').click();
    await master.waitForURL(/\/master\/plan-management$/);
    await master.getByTestId('plan-row-standard').waitFor();
    expect(await master.getByTestId('plan-version-standard').getAttribute('data-version')).toBe('1');

    await master.getByTestId('plan-edit-standard').click();
    const note = master.getByTestId('plan-form-versioning');
    await note.waitFor();
    // Hinode Foods (and any other Standard customer) stays on version 1.
    expect(await note.innerText()).toMatch(/バージョン2.*バージョン1/s);
    await setNumber(master, 'plan-form-price', '55000');
    await master.getByTestId('plan-form-submit').click();
    await expect
      .poll(() => master.getByTestId('plan-version-standard').getAttribute('data-version'))
      .toBe('2');
    expect(await master.getByTestId('plan-price-standard').innerText()).toContain('55,000');
    await screenshot(master, 'plan-management');
    await master.context().close();
  });

  it('the Standard customer still sees version 1 and the old price on check-plan', async () => {
    const user = await signedIn('user@example.com', 'admin-user');
    const menu = user.getByTestId('side-menu');
    // Customers have no plan management.
    expect(await menu.getByTestId('menu-plan-management').count()).toBe(0);
    await menu.getByTestId('menu-check-plan').click();
    await user.waitForURL(/\/admin-user\/check-plan$/);
    await user.getByTestId('check-plan-name').waitFor();
    expect(await user.getByTestId('check-plan-name').innerText()).toBe('Standard');
    expect(await user.getByTestId('check-plan-version').getAttribute('data-version')).toBe('1');
    expect(await user.getByTestId('check-plan-price').innerText()).toContain('50,000');
    expect(await user.getByTestId('check-plan-outdated').isVisible()).toBe(true);
    expect(await user.getByTestId('check-plan-status').getAttribute('data-status')).toBe('ACTIVE');
    expect(await user.getByTestId('usage-sites').getAttribute('data-limit')).toBe('3');
    // The plan's business rules (fees, minimum term, PV charges) are spelled out; billing
    // (payments, cards) is not part of this page.
    expect(await user.getByTestId('check-plan-rules').innerText()).toContain('¥100,000');
    await screenshot(user, 'check-plan');

    // The catalogue offers the new version and marks the customer's plan.
    await user.getByTestId('catalogue-link').click();
    await user.waitForURL(/\/admin-user\/plan$/);
    await user.getByTestId('plan-price-standard').waitFor();
    expect(await user.getByTestId('plan-price-standard').innerText()).toContain('55,000');
    expect(await user.getByTestId('own-plan-badge').count()).toBe(1);
    await screenshot(user, 'plan-catalogue');

    // Typing the address of plan management leads to the forbidden page.
    await user.goto('/admin-user/plan-management');
    await user.waitForURL(/\/errors\/403$/);
    await user.getByTestId('error-403').waitFor();
    await user.context().close();
  });

  it('master creates a plan, after validation, then retires it with confirmation', async () => {
    const master = await signedIn('master@example.com', 'master');
    await master.goto('/master/plan-management');
    await master.getByTestId('plan-row-standard').waitFor();
    await master.getByTestId('plan-create').click();
    await master.getByTestId('plan-form-submit').click();
    // Required fields are flagged before anything is sent.
    await expect.poll(() => master.getByText('この項目は必須です。').count()).toBeGreaterThanOrEqual(6);

    await master.getByTestId('plan-form-code').fill('Spring!');
    await master.getByTestId('plan-form-name').fill('Spring Campaign');
    await setNumber(master, 'plan-form-price', '12000');
    await setNumber(master, 'plan-form-quantitySite', '1');
    await setNumber(master, 'plan-form-quantitySwipe', '10');
    await setNumber(master, 'plan-form-limitAccess', '5000');
    await setNumber(master, 'plan-form-limitAccessPrice', '500');
    await master.getByTestId('plan-form-flag-privateDomain').check();
    await master.getByTestId('plan-form-submit').click();
    await master.getByText('英小文字・数字・アンダースコア（_）のみ使用できます。').waitFor();
    await master.getByTestId('plan-form-code').fill('spring_2026');
    await master.getByTestId('plan-form-tier').selectOption('light');
    await modalShot(master, 'plan-form');
    await master.getByTestId('plan-form-submit').click();
    const row = master.getByTestId('plan-row-spring_2026');
    await row.waitFor();
    expect(await master.getByTestId('plan-version-spring_2026').getAttribute('data-version')).toBe('1');

    await master.getByTestId('plan-retire-spring_2026').click();
    await master.getByTestId('retire-plan-confirm').waitFor();
    // The confirmation names the plan and what retiring does.
    const dialog = master.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Spring Campaign');
    expect(await dialog.innerText()).toContain('新規契約やプラン変更で選択できなくなります');
    await master.getByTestId('retire-plan-confirm').click();
    await row.waitFor({ state: 'detached' });

    // Retired plans come back with the toggle, marked as retired and no longer editable.
    await master.getByTestId('show-retired').click();
    await row.waitFor();
    expect(await row.getAttribute('data-retired')).toBe('true');
    expect(await master.getByTestId('plan-edit-spring_2026').count()).toBe(0);
    await master.context().close();
  });

  it('lays the three pages out on a phone: nothing wider than the screen, the plan form within it', async () => {
    const user = await signedIn('user@example.com', 'admin-user', { phone: true });
    await user.goto('/admin-user/check-plan');
    await user.getByTestId('check-plan-name').waitFor();
    expect(await horizontalOverflow(user)).toBeLessThanOrEqual(0);
    await screenshot(user, 'check-plan');
    await user.goto('/admin-user/plan');
    await user.getByTestId('plan-price-standard').waitFor();
    expect(await horizontalOverflow(user)).toBeLessThanOrEqual(0);
    await screenshot(user, 'plan-catalogue');
    await user.context().close();

    const master = await signedIn('master@example.com', 'master', { phone: true });
    await master.goto('/master/plan-management');
    await master.getByTestId('plan-row-standard').waitFor();
    expect(await horizontalOverflow(master)).toBeLessThanOrEqual(0);
    await screenshot(master, 'plan-management');
    await master.getByTestId('plan-edit-standard').click();
    const versioning = master.getByTestId('plan-form-versioning');
    await dialogSettled(versioning);
    // The form's dialog, and the fields and button in it, lie within the screen's width.
    const width = master.viewportSize()!.width;
    for (const part of [
      master.getByRole('dialog'),
      versioning,
      master.getByTestId('plan-form-price'),
      master.getByTestId('plan-form-submit'),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(await horizontalOverflow(master)).toBeLessThanOrEqual(0);
    await modalShot(master, 'plan-form');
    await master.context().close();
  });
});
