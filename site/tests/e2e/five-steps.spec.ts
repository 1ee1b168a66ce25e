/**
 * The spec's five steps on every path (issue 42): each of the four account types walked through
 * every page of the wizard on a phone (320 px) and a desktop (1280 px). Every page says
 * "Step N of 5" (the heading, the label and the progress bar, progress = N / 5), with its
 * step's title beside it and its own title as the heading; a business's details are asked in
 * step 1, its owners and controllers in step 3 and tax residency in step 4, never as steps of
 * their own. axe-core finds nothing on any page, nothing scrolls sideways, and each page is
 * photographed (E2E_SHOT_DIR, to be looked at). On step 5, every answer of "Check your
 * answers" has a Change link that opens the step holding it, and Next comes back.
 */
import { expect, test, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { axe, sidewaysScroll, watchErrors } from './helpers';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const SHOTS = process.env['E2E_SHOT_DIR'];

/** The spec's five steps (spec section 2), in order. */
const STEP_TITLES = ['Account Type', 'Personal Information', 'Address Details', 'Employment & ID', 'Initial Deposit & Terms'];

const next = (page: Page) => page.getByRole('button', { name: 'Next' });

/** One page of the wizard: the step it belongs to, its heading, and how to answer it. */
interface Screen {
  step: number;
  title: string;
  answer: (page: Page) => Promise<void>;
}

async function personal(page: Page) {
  await page.getByLabel('First name').fill('Jane');
  await page.getByLabel('Last name').fill('Citizen');
  await page.getByLabel('Email address').fill('jane.five-steps@example.com.au');
  await page.getByLabel('Phone number').fill('0412 345 678');
  await page.getByLabel('Day').fill('20');
  await page.getByLabel('Month').fill('5');
  await page.getByLabel('Year').fill('1980');
}

async function address(page: Page) {
  await page.getByLabel('Street address').fill('1 Collins Street');
  await page.getByLabel('City').fill('Melbourne');
  await page.getByLabel('State').selectOption({ label: 'Victoria' });
  await page.getByLabel('Postcode').fill('3000');
}

async function employment(page: Page) {
  await page.getByLabel('Employment status').selectOption({ label: 'Self-employed' });
  await page.getByLabel('Annual income (AUD)').fill('120000');
  await page.getByLabel('Identification type').selectOption({ label: 'Passport' });
  await page.getByLabel('Identification number').fill('PA7654321');
}

async function tax(page: Page) {
  await page.getByRole('group', { name: 'Are you a tax resident of a country other than Australia?' }).getByLabel('No').check();
  const business = page.getByRole('group', { name: 'Is the business a tax resident of a country other than Australia?' });
  if ((await business.count()) > 0) await business.getByLabel('No').check();
}

async function deposit(page: Page) {
  await page.getByLabel('Initial deposit amount (AUD)').fill('1000');
  await page.getByRole('checkbox', { name: /I have read and accept the terms and conditions/ }).check();
}

/** A company (Business Checking) with the applicant its one director, or a sole trader (Business Savings). */
function businessOf(company: boolean) {
  return async (page: Page) => {
    await page.getByLabel('Legal form of the business').selectOption({ label: company ? 'Company' : 'Sole trader' });
    await page.getByLabel('Legal name').fill(company ? 'Citizen Trading Pty Ltd' : 'Jane Citizen');
    await page.getByLabel('Australian Business Number (ABN)').fill(company ? '53 004 085 616' : '51 824 753 556');
    if (company) await page.getByLabel('Australian Company Number (ACN)').fill('004 085 616');
    await page.getByLabel('Street address').fill('200 Bourke Street');
    await page.getByLabel('City or suburb').fill('Melbourne');
    await page.getByLabel('State or territory').selectOption({ label: 'Victoria' });
    await page.getByLabel('Postcode').fill('3000');
    await page.getByLabel('What the business does').selectOption({ label: 'Retail trade' });
  };
}

function ownersOf(company: boolean) {
  return async (page: Page) => {
    if (company) {
      // The owner's fields start empty for a company; the sole trader's are the applicant's.
      const owner = page.getByRole('group', { name: 'Owner or controller 1', exact: true });
      await owner.getByLabel('Full name').fill('Jane Citizen');
      await owner.getByLabel('Day').fill('20');
      await owner.getByLabel('Month').fill('5');
      await owner.getByLabel('Year').fill('1980');
      await owner.getByLabel('Home address').fill('1 Collins Street');
      await owner.getByLabel('City or suburb').fill('Melbourne');
      await owner.getByLabel('State or territory').selectOption({ label: 'Victoria' });
      await owner.getByLabel('Postcode').fill('3000');
      await owner.getByLabel('Role', { exact: true }).selectOption({ label: 'Director' });
      await owner.getByLabel('Share of the business they own').fill('100');
      await page.getByLabel('Your role in the business').selectOption({ label: 'Director' });
    }
    await page.getByLabel(/I am authorised to act for the business/).check();
  };
}

function screensOf(account: string): Screen[] {
  const business = account.startsWith('Business');
  const company = account === 'Business Checking';
  const choose = async (page: Page) => {
    await page.getByLabel(account, { exact: true }).check();
  };
  return [
    { step: 1, title: 'Account Type', answer: choose },
    ...(business ? [{ step: 1, title: 'Business Details', answer: businessOf(company) }] : []),
    { step: 2, title: 'Personal Information', answer: personal },
    { step: 3, title: 'Address Details', answer: address },
    ...(business ? [{ step: 3, title: 'Owners & Controllers', answer: ownersOf(company) }] : []),
    { step: 4, title: 'Employment & ID', answer: employment },
    { step: 4, title: 'Tax Residency', answer: tax },
    { step: 5, title: 'Initial Deposit & Terms', answer: deposit },
  ];
}

/** What every page shows of its step: the heading, the label, the progress bar and the stepper. */
async function expectStepOfFive(page: Page, step: number, title: string) {
  await expect(page.locator('#application-step-heading')).toHaveText(`Step ${step} of 5: ${title}`);
  await expect(page.locator('#application-progress-label')).toHaveText(`Step ${step} of 5`);
  await expect(page.locator('.wizard__progress-title')).toHaveText(STEP_TITLES[step - 1]!);
  const bar = page.getByRole('progressbar');
  await expect(bar).toHaveAttribute('aria-valuenow', String(step));
  await expect(bar).toHaveAttribute('aria-valuemax', '5');
  await expect(bar).toHaveAttribute('aria-valuetext', `Step ${step} of 5`);
  // progress = step / 5
  await expect.poll(() => page.locator('.wizard__bar-fill').evaluate((fill) => (fill as HTMLElement).style.width)).toBe(`${step * 20}%`);
  // The list of the five steps (shown beside the form on a desktop; a phone has the bar only).
  await expect(page.locator('.wizard__stepper .wizard__stepper-item')).toHaveCount(5);
  await expect(page.locator('.wizard__stepper-item[aria-current="step"] .wizard__stepper-title')).toHaveText(STEP_TITLES[step - 1]!);
}

async function expectNoAxeViolations(page: Page) {
  const results = await axe(page, AXE_TAGS).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`)).toEqual([]);
}

/** The step that asks for each group of "Check your answers" (an owner's group by its prefix). */
function stepOfGroup(heading: string): number {
  if (heading.startsWith('Owner or controller') || heading === 'Your role' || heading === 'Address Details') return 3;
  const steps: Record<string, number> = { 'Account Type': 1, Business: 1, 'Personal Information': 2, 'Employment & ID': 4, 'Tax residency': 4 };
  const step = steps[heading];
  if (step === undefined) throw new Error(`no step for the group ${heading}`);
  return step;
}

const ACCOUNTS = ['Essential Checking', 'High Yield Savings', 'Business Checking', 'Business Savings'];

for (const width of [320, 1280]) {
  test.describe(`five steps at ${width} px`, () => {
    test.use({ viewport: { width, height: width < 400 ? 740 : 900 } });

    for (const account of ACCOUNTS) {
      test(`${account}: every page is one of the five steps`, async ({ page }, testInfo) => {
        test.slow();
        const errors = watchErrors(page);
        await page.goto('/apply/account');
        await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
        const screens = screensOf(account);
        for (const [index, screen] of screens.entries()) {
          await expectStepOfFive(page, screen.step, screen.title);
          await screen.answer(page);
          // A step with a part has "Part N of 2" over each of its pages' headings (step 1 has
          // its business part once a business account is chosen).
          const ofStep = screens.filter((other) => other.step === screen.step);
          const part = page.locator('.wizard__part');
          if (ofStep.length > 1) await expect(part).toHaveText(`Part ${ofStep.indexOf(screen) + 1} of ${ofStep.length}`);
          else await expect(part).toHaveCount(0);
          await expectNoAxeViolations(page);
          expect(await sidewaysScroll(page)).toBe(0);
          const name = `five-steps-${account.toLowerCase().replaceAll(' ', '-')}-${width}-${index + 1}.png`;
          if (SHOTS) {
            mkdirSync(SHOTS, { recursive: true });
            await page.screenshot({ path: `${SHOTS}/${name}`, fullPage: true });
          }
          await page.screenshot({ path: testInfo.outputPath(name), fullPage: true });
          if (index < screens.length - 1) await next(page).click();
        }

        // Step 5: every answer listed has a Change link; the first of each group opens the
        // step that holds it, and Next comes back to step 5 with what was typed there kept.
        const groups = page.locator('.check-answers__group');
        const headings = await groups.getByRole('heading', { level: 4 }).allTextContents();
        expect(headings.length).toBeGreaterThanOrEqual(5);
        const rows = page.locator('.check-answers .summary-list__row');
        await expect(page.locator('.check-answers').getByRole('link', { name: /^Change/ })).toHaveCount(await rows.count());
        for (const [index, heading] of headings.entries()) {
          await groups.nth(index).getByRole('link', { name: /^Change/ }).first().click();
          const step = stepOfGroup(heading);
          await expect(page.locator('#application-step-heading')).toContainText(`Step ${step} of 5: `);
          await expect(page.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step));
          await next(page).click();
          await expectStepOfFive(page, 5, 'Initial Deposit & Terms');
          await expect(page.getByLabel('Initial deposit amount (AUD)')).toHaveValue('1000');
        }
        expect(errors).toEqual([]);
      });
    }
  });
}
