import type { Page } from '@playwright/test';

/** Collects console errors and uncaught exceptions while a page is used. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(`uncaught: ${error.message}`));
  return errors;
}

/** The visible text of the main content with whitespace collapsed, for figure checks. */
export async function mainText(page: Page): Promise<string> {
  const text = await page.locator('main').innerText();
  return text.replace(/\s+/g, ' ');
}
