/**
 * Nothing a visitor does before the wizard's island hydrates is lost (issue 24), on a phone
 * profile. The island's script and banksia-core's WebAssembly are held back by route
 * interception until the test lets them through, so the taps land on the static step 1 for
 * certain; the test asserts what the visitor sees afterwards, never how long anything took.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

test.use({ viewport: { width: 375, height: 667 }, isMobile: true, hasTouch: true });

/** Holds the requests `held` matches (by default the wizard's island script and `.wasm`) until `release()` is called. */
async function holdIsland(page: Page, held = /\/_astro\/.*(ApplicationForm.*\.js|\.wasm)$/): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((done) => (release = done));
  await page.route(held, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** True while the island is still the static HTML (Astro drops `ssr` once it has hydrated it). */
const stillStatic = (page: Page) => page.locator('astro-island[ssr]').filter({ has: page.locator('.wizard') }).count();

/** Marks the document, so a reload (a new document) is seen. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

test.describe('the wizard before hydration', () => {
  test('an account chosen and Next tapped early go to step 2 with the choice kept', async ({ page }) => {
    const errors = watchErrors(page);
    const release = await holdIsland(page);
    await page.goto('/apply/account');
    await markDocument(page);
    await page.getByLabel('High Yield Savings', { exact: true }).check();
    await page.getByRole('button', { name: 'Next' }).tap();
    // The taps landed on the static form: the island had not hydrated.
    expect(await stillStatic(page)).toBe(1);
    release();
    await expect(page.getByRole('heading', { level: 2, name: /Personal Information/ })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
    expect(new URL(page.url()).search).toBe('');
    await page.getByRole('button', { name: 'Previous' }).tap();
    await expect(page.getByLabel('High Yield Savings', { exact: true })).toBeChecked();
    expect(errors).toEqual([]);
  });

  test('an account chosen early stays chosen when the island wakes', async ({ page }) => {
    const release = await holdIsland(page);
    await page.goto('/apply/account');
    await page.getByLabel('Business Savings', { exact: true }).check();
    expect(await stillStatic(page)).toBe(1);
    release();
    await expect(page.locator('astro-island[ssr] .wizard')).toHaveCount(0);
    await expect(page.getByLabel('Business Savings', { exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).tap();
    // A business account's details are asked next, inside step 1.
    await expect(page.getByRole('heading', { level: 2, name: 'Step 1 of 5: Business Details' })).toBeVisible();
  });

  test('Next tapped early without a choice shows core\'s message on step 1, without a reload', async ({ page }) => {
    const release = await holdIsland(page);
    await page.goto('/apply/account');
    await markDocument(page);
    await page.getByRole('button', { name: 'Next' }).tap();
    await page.getByRole('button', { name: 'Next' }).tap();
    expect(await stillStatic(page)).toBe(1);
    release();
    await expect(page.locator('.error-summary')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: /Account Type/ })).toBeVisible();
    expect(await sameDocument(page)).toBe(true);
  });
});

test.describe('staff registration before hydration', () => {
  test('a name typed before the island wakes is kept, and the button waits for the island', async ({ page }) => {
    const release = await holdIsland(page, /\/_astro\/StaffRegister.*\.js$/);
    await page.goto('/staff/register/#token=not-a-real-token-but-long-enough-for-the-form');
    const name = page.getByLabel('Your name (as colleagues see it)');
    await name.fill('Casey Colleague');
    // Still the static page: a submit now would reload it without the token, so it can't be sent.
    expect(await page.locator('astro-island[ssr]').count()).toBe(1);
    await expect(page.getByRole('button', { name: 'Create passkey' })).toBeDisabled();
    release();
    await expect(page.getByRole('button', { name: 'Create passkey' })).toBeEnabled();
    await expect(name).toHaveValue('Casey Colleague');
  });
});
