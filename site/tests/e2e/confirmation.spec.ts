import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { axe, sidewaysScroll } from './helpers';

test.describe('application confirmation', () => {
  test.use({ timezoneId: 'Australia/Melbourne' });

  /** What the wizard leaves in sessionStorage after a submission. */
  const stored = async (page: Page, entry: Record<string, unknown>) => {
    await page.addInitScript((value) => sessionStorage.setItem('banksia:lastApplication', value), JSON.stringify(entry));
  };
  const SENT = { reference: 'BKS-7Q4M-2KX9', submitted_at: '2026-11-21T10:15:00+11:00', confirmation_email: 'o****@example.com.au' };

  test('shows the reference the wizard stored and the address the email went to', async ({ page }) => {
    await stored(page, SENT);
    await page.goto('/application-confirmation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application submitted successfully');
    await expect(page).toHaveTitle('Application received | Banksia Bank');
    const box = page.getByRole('complementary', { name: 'Your application' });
    const shown = async (): Promise<string> => (await box.innerText()).replace(/\s+/g, ' ');
    await expect.poll(shown).toContain('Application type Account Opening');
    expect(await shown()).toContain('Date submitted 21 November 2026');
    expect(await shown()).toContain('Reference number BKS-7Q4M-2KX9');
    expect(await shown()).toContain('Status Under Review');
    await expect(page.getByText("We've emailed a confirmation to o****@example.com.au.")).toBeVisible();
    await expect(page.getByText('Keep your reference.')).toBeHidden();
    await expect(page.getByRole('heading', { name: 'What happens next' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Start an application' })).toBeHidden();
    // The applicant can follow the application from here (issue 20).
    await expect(box.getByRole('link', { name: 'Check where your application stands' })).toHaveAttribute('href', '/application-status');
  });

  test("shows the 201's warnings under \"We'll check this with you.\", and axe-core finds no violations", async ({ page }) => {
    const postcode = "This postcode isn't in Victoria. Please check your postcode and state.";
    await stored(page, { ...SENT, warnings: { postal_code: [postcode] } });
    await page.goto('/application-confirmation');
    const note = page.locator('[data-warnings-note]');
    await expect(note).toBeVisible();
    await expect(note).toContainText("We'll check this with you.");
    await expect(note.getByRole('listitem')).toHaveText([postcode]);
    const results = await axe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
  });

  test('says nothing of checks when the 201 had no warnings', async ({ page }) => {
    await stored(page, { ...SENT, warnings: {} });
    await page.goto('/application-confirmation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application submitted successfully');
    await expect(page.locator('[data-warnings-note]')).toBeHidden();
    await expect(page.getByText("We'll check this with you.")).toBeHidden();
  });

  test('claims no email when the server queued none', async ({ page }) => {
    await stored(page, { ...SENT, confirmation_email: null });
    await page.goto('/application-confirmation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application submitted successfully');
    await expect(page.getByText('Keep your reference.')).toBeVisible();
    await expect(page.getByText(/emailed/)).toBeHidden();
    expect((await page.locator('main').innerText()).includes('emailed')).toBe(false);
    await expect(page.getByText('Check your email')).toBeHidden();
  });

  test('opened directly, it announces nothing: it says what it is for and links to the application', async ({ page }) => {
    await page.goto('/application-confirmation');
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText('Application confirmation');
    await expect(heading).toBeVisible();
    await expect(page).toHaveTitle('Application confirmation | Banksia Bank');
    const main = page.locator('main');
    await expect(main).toContainText('this page shows your reference number');
    await expect(main).toContainText("We couldn't find an application sent from this browser tab");
    await expect(main.getByRole('link', { name: 'Start an application' })).toHaveAttribute('href', '/apply/account');
    const shown = (await main.innerText()).replace(/\s+/g, ' ');
    for (const claim of ['successfully', 'BKS-', 'Under Review', 'emailed', 'What happens next', 'Thank you']) {
      expect(shown).not.toContain(claim);
    }
    await expect(page.getByRole('complementary', { name: 'Your application' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  });

  test('a malformed entry is treated as no submission', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('banksia:lastApplication', '{"reference":"<b>x</b>"}'));
    await page.goto('/application-confirmation');
    await expect(page.getByText("We couldn't find an application")).toBeVisible();
  });

  test('buttons lead home, to online banking and to the FAQ', async ({ page }) => {
    await page.goto('/application-confirmation');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Online banking' })).toHaveAttribute('href', '/online-banking');
    await expect(main.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/faq');
    await expect(main.getByRole('link', { name: 'Visit our support centre' })).toHaveAttribute('href', '/support');
  });

  test('"Print or save as PDF" opens the print dialog', async ({ page }) => {
    await stored(page, SENT);
    await page.addInitScript(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await page.goto('/application-confirmation');
    await page.getByRole('button', { name: 'Print or save as PDF' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
  });

  test('prints on one A4 page: reference, next steps and contacts, no navigation, footer or buttons', async ({ page }, testInfo) => {
    await stored(page, SENT);
    await page.goto('/application-confirmation');
    await expect(page.getByRole('complementary', { name: 'Your application' })).toContainText('BKS-7Q4M-2KX9');
    await page.emulateMedia({ media: 'print' });
    for (const hidden of [
      page.locator('.site-header'),
      page.locator('.site-footer'),
      page.getByRole('button', { name: 'Print or save as PDF' }),
      page.getByRole('link', { name: 'Back to home' }),
    ]) {
      await expect(hidden).toBeHidden();
    }
    for (const shown of [
      page.getByRole('complementary', { name: 'Your application' }),
      page.getByRole('heading', { name: 'What happens next' }),
      page.getByRole('heading', { name: 'Questions about your application?' }),
      page.locator('main').getByRole('link', { name: '13 22 65' }),
    ]) {
      await expect(shown).toBeVisible();
    }
    await page.screenshot({ path: testInfo.outputPath('confirmation-print-media.png'), fullPage: true });

    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? [];
    expect(pages).toHaveLength(1);
    const file = testInfo.outputPath('confirmation.pdf');
    writeFileSync(file, pdf);
    try {
      // For a look at the printed page (poppler-utils), when installed.
      execFileSync('pdftoppm', ['-png', '-r', '60', file, testInfo.outputPath('confirmation-pdf')]);
    } catch {
      // Not installed: the page count above is the check.
    }
  });

  for (const width of [375, 1280]) {
    test(`reads well at ${width} px, sent and opened directly`, async ({ page }, testInfo) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/application-confirmation');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application confirmation');
      await page.screenshot({ path: testInfo.outputPath(`confirmation-none-${width}.png`), fullPage: true });
      await stored(page, SENT);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Application submitted successfully');
      const overflow = await sidewaysScroll(page);
      expect(overflow).toBeLessThanOrEqual(0);
      await page.screenshot({ path: testInfo.outputPath(`confirmation-sent-${width}.png`), fullPage: true });
    });
  }
});
