import { expect, test } from '@playwright/test';
import { sidewaysScroll } from './helpers';

/** Spec section 2, "Navigation menu groups": label → [item label, href][] (desktop lists). */
const GROUPS: Record<string, readonly (readonly [string, string])[]> = {
  Banking: [
    ['Transaction Accounts', '/checking'],
    ['Savings Accounts', '/savings'],
    ['Term Deposits', '/term-deposits'],
  ],
  'Home Loans': [
    ['Home Loan Options', '/loans/home'],
    ['Repayment Calculator', '/loans/home'],
    ['First Home Buyers', '/loans/home'],
  ],
  'Personal Loans': [
    ['Car Loans', '/loans/car'],
    ['Personal Loans', '/loans/personal'],
  ],
  Business: [
    ['Business Accounts', '/business'],
    ['Business Lending', '/business'],
    ['Talk to a Business Banker', '/business'],
  ],
  Insurance: [
    ['Home & Contents Insurance', '/insurance'],
    ['Car Insurance', '/insurance'],
    ['Landlord Insurance', '/insurance'],
  ],
  About: [
    ['About Us', '/about'],
    ['News', '/news'],
    ['Community', '/community'],
    ['Careers', '/careers'],
  ],
  'Help & Contact': [
    ['FAQ', '/faq'],
    ['Support', '/support'],
    ['Contact Us', '/contact'],
    ['Help Centre', '/help'],
  ],
};

test.describe('desktop navigation', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('menu groups are exactly the spec list', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    const triggers = nav.locator('[data-nav-trigger]');
    await expect(triggers).toHaveText(Object.keys(GROUPS));
    await expect(nav.locator('.nav-list > li > a.nav-link')).toHaveText(['Credit Cards']);
    await expect(nav.locator('.nav-list > li > a.nav-link')).toHaveAttribute('href', '/credit-cards');
    for (const [label, items] of Object.entries(GROUPS)) {
      const menu = nav.locator(`#${(await nav.getByRole('button', { name: label, exact: true }).getAttribute('aria-controls')) ?? ''}`);
      const links = menu.locator('a');
      await expect(links).toHaveText(items.map(([text]) => text));
      for (const [index, [, href]] of items.entries()) await expect(links.nth(index)).toHaveAttribute('href', href);
    }
  });

  test('a dropdown opens on hover and closes when the pointer leaves', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Banking', exact: true });
    const menu = page.locator('#nav-menu-banking');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
    await trigger.hover();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Savings Accounts' }).hover();
    await expect(menu).toBeVisible();
    await page.mouse.move(640, 700);
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(menu).toBeHidden();
  });

  test('hover has intent: a pointer crossing the bar opens nothing, and a menu waits for a pointer cutting its corner', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    // From here the page's timers move only when the test moves them: Playwright's own waits (a
    // hover waits for its target to be visible and still) take real time, which a busy machine
    // stretches past the menu's delays.
    await page.clock.pauseAt(Date.now() + 1_000);
    const trigger = page.getByRole('button', { name: 'Banking', exact: true });
    const menu = page.locator('#nav-menu-banking');
    // Passing over the trigger on the way elsewhere.
    await trigger.hover();
    await page.clock.runFor(60);
    await page.mouse.move(640, 700);
    await page.clock.runFor(1_000);
    await expect(menu).toBeHidden();
    // Resting on it opens the menu.
    await trigger.hover();
    await page.clock.runFor(200);
    await expect(menu).toBeVisible();
    // A moment outside the group (a diagonal path to a far link) keeps it open ...
    const box = await menu.boundingBox();
    await page.mouse.move((box?.x ?? 0) + (box?.width ?? 0) + 20, (box?.y ?? 0) + 10);
    await page.clock.runFor(100);
    await menu.getByRole('link', { name: 'Savings Accounts' }).hover();
    await page.clock.runFor(1_000);
    await expect(menu).toBeVisible();
    // ... and leaving for good closes it.
    await page.mouse.move(640, 700);
    await page.clock.runFor(400);
    await expect(menu).toBeHidden();
  });

  test('hovering another group closes the first', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Banking', exact: true }).hover();
    await page.getByRole('button', { name: 'About', exact: true }).hover();
    await expect(page.locator('#nav-menu-banking')).toBeHidden();
    await expect(page.locator('#nav-menu-about')).toBeVisible();
  });

  test('keyboard: focus opens, Tab moves through the items, Escape closes and returns focus, leaving closes', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Banking', exact: true });
    const menu = page.locator('#nav-menu-banking');
    await trigger.focus();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();

    await page.keyboard.press('Tab');
    await expect(menu.getByRole('link', { name: 'Transaction Accounts' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(trigger).toBeFocused();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');

    // Enter reopens a closed menu; ArrowDown opens it and moves to the first item.
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('link', { name: 'Transaction Accounts' })).toBeFocused();

    // Tabbing past the last item leaves the group and closes it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Credit Cards', exact: true })).toBeFocused();
    await expect(menu).toBeHidden();
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });

  test('clicking a trigger toggles its dropdown', async ({ page }) => {
    await page.goto('/');
    const trigger = page.getByRole('button', { name: 'Insurance', exact: true });
    await trigger.click();
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.locator('#nav-menu-insurance').getByRole('link', { name: 'Car Insurance' }).click();
    await expect(page).toHaveURL(/\/insurance\/?$/);
  });

  test('the current page is marked in the menu', async ({ page }) => {
    await page.goto('/savings');
    await expect(page.locator('#nav-menu-banking a[aria-current="page"]')).toHaveText('Savings Accounts');
  });

  test('the mobile menu button is not shown', async ({ page }) => {
    await page.goto('/');
    await expect(page.locator('[data-menu-toggle]')).toBeHidden();
  });
});

test.describe('mobile navigation at 375 px', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test('the menu button toggles a panel with shorter lists', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu' });
    const panel = page.locator('#mobile-menu');
    await expect(page.locator('.nav-list')).toBeHidden();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    await expect(panel).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(panel).toBeVisible();

    // Shorter than the desktop lists: one link for Home Loans, Business and Insurance.
    const desktopCount = await page.locator('.nav-list a').count();
    const mobileLinks = panel.locator('.mobile-group a');
    expect(await mobileLinks.count()).toBeLessThan(desktopCount);
    await expect(panel.getByRole('list', { name: 'Home Loans' }).getByRole('link')).toHaveText(['Home Loans']);
    await expect(panel.getByRole('list', { name: 'Banking' }).getByRole('link')).toHaveText([
      'Transaction Accounts',
      'Savings Accounts',
      'Term Deposits',
    ]);
    await expect(panel.getByRole('link', { name: 'Log in to online banking' })).toHaveAttribute('href', '/online-banking');

    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();
  });

  test('Escape closes the menu and returns focus to the button', async ({ page }) => {
    await page.goto('/checking');
    const toggle = page.locator('[data-menu-toggle]');
    await toggle.click();
    await page.locator('#mobile-menu a').first().focus();
    await page.keyboard.press('Escape');
    await expect(page.locator('#mobile-menu')).toBeHidden();
    await expect(toggle).toBeFocused();
  });

  test('a link in the menu navigates', async ({ page }) => {
    await page.goto('/');
    await page.locator('[data-menu-toggle]').click();
    await page.locator('#mobile-menu').getByRole('link', { name: 'Car Loans' }).click();
    await expect(page).toHaveURL(/\/loans\/car\/?$/);
    await expect(page.locator('h1')).toHaveText('Car loans');
  });

  test('no page scrolls sideways', async ({ page }) => {
    for (const path of ['/', '/bonds', '/savings', '/rates', '/loans/home']) {
      await page.goto(path);
      const overflow = await sidewaysScroll(page);
      expect(overflow, path).toBeLessThanOrEqual(0);
    }
  });
});
