import { expect, test } from '@playwright/test';

test.describe('application confirmation', () => {
  test.use({ timezoneId: 'Australia/Melbourne' });

  test('shows the reference the wizard stored', async ({ page }) => {
    await page.addInitScript(() => {
      sessionStorage.setItem(
        'banksia:lastApplication',
        JSON.stringify({ reference: 'BKS-7Q4M-2KX9', submitted_at: '2026-11-21T10:15:00+11:00' }),
      );
    });
    await page.goto('/application-confirmation');
    const box = page.getByRole('complementary', { name: 'Your application' });
    const shown = async (): Promise<string> => (await box.innerText()).replace(/\s+/g, ' ');
    await expect.poll(shown).toContain('Application type Account Opening');
    expect(await shown()).toContain('Date submitted 21 November 2026');
    expect(await shown()).toContain('Reference number BKS-7Q4M-2KX9');
    expect(await shown()).toContain('Status Under Review');
    await expect(box.getByRole('link', { name: 'Start an application' })).toBeHidden();
  });

  test('with no submission it says so and invents no reference', async ({ page }) => {
    await page.goto('/application-confirmation');
    const box = page.getByRole('complementary', { name: 'Your application' });
    await expect(box).toContainText('could not find an application');
    await expect(box.getByRole('link', { name: 'Start an application' })).toHaveAttribute('href', '/apply/account');
    const shown = (await box.innerText()).replace(/\s+/g, ' ');
    expect(shown).not.toContain('BKS-');
    expect(shown).not.toContain('Under Review');
    await expect(box.getByText('Under Review')).toBeHidden();
  });

  test('a malformed entry is treated as no submission', async ({ page }) => {
    await page.addInitScript(() => sessionStorage.setItem('banksia:lastApplication', '{"reference":"<b>x</b>"}'));
    await page.goto('/application-confirmation');
    await expect(page.getByText('could not find an application')).toBeVisible();
  });

  test('buttons lead home, to online banking and to the FAQ', async ({ page }) => {
    await page.goto('/application-confirmation');
    const main = page.locator('main');
    await expect(main.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    await expect(main.getByRole('link', { name: 'Online banking' })).toHaveAttribute('href', '/online-banking');
    await expect(main.getByRole('link', { name: 'Frequently asked questions' })).toHaveAttribute('href', '/faq');
    await expect(main.getByRole('link', { name: 'Visit our support centre' })).toHaveAttribute('href', '/support');
  });
});
