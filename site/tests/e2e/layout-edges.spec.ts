import { expect, test } from '@playwright/test';
import { sidewaysScroll } from './helpers';

/**
 * Layout and contrast edges found by issue 22's audit: each checked at the widths where it broke.
 * Screenshots of the pages issue 22 changed go to test-results/edges-*.png.
 */

/** WCAG contrast ratio of two colours given as CSS `rgb(...)` text. */
function contrast(a: string, b: string): number {
  const luminance = (rgb: string) => {
    const [r, g, bl] = (rgb.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((c) => {
      const v = c / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [x, y] = [luminance(a), luminance(b)].sort((m, n) => n - m);
  return (x! + 0.05) / (y! + 0.05);
}

test('the hero eyebrow is at least 4.5:1 on every colour of the hero gradient', async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const { text, backgrounds } = await page.locator('.hero-eyebrow').evaluate((eyebrow) => {
      const hero = eyebrow.closest('.hero') as HTMLElement;
      const style = getComputedStyle(hero);
      const colours = `${style.backgroundImage} ${style.backgroundColor}`.match(/rgba?\([^)]*\)/g) ?? [];
      return { text: getComputedStyle(eyebrow).color, backgrounds: colours.filter((c) => !/,\s*0\)$/.test(c)) };
    });
    expect(backgrounds.length).toBeGreaterThanOrEqual(2);
    for (const background of backgrounds) expect(contrast(text, background), `${width}: ${background}`).toBeGreaterThanOrEqual(4.5);
  }
});

test('WCAG text spacing makes no page scroll sideways', async ({ page }) => {
  test.setTimeout(120_000);
  for (const width of [320, 375, 1024, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ['/', '/loans/home', '/online-banking', '/search']) {
      await page.goto(path);
      // WCAG 1.4.12's spacing: line height 1.5, paragraphs 2em apart, letters 0.12em, words 0.16em.
      await page.addStyleTag({
        content: '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
      });
      // Polled: an island that wakes after the load event may still be laying out.
      await expect.poll(() => sidewaysScroll(page), { message: `${path} at ${width}` }).toBeLessThanOrEqual(0);
    }
  }
  // Every page of rates, on the narrowest phone: a rate and its "p.a." never break apart.
  await page.setViewportSize({ width: 320, height: 800 });
  for (const path of ['/rates', '/savings', '/term-deposits', '/loans/personal', '/loans/car', '/credit-cards', '/news', '/calculators/borrowing-power']) {
    await page.goto(path);
    await page.addStyleTag({
      content: '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; } p { margin-bottom: 2em !important; }',
    });
    await expect.poll(() => sidewaysScroll(page), { message: `${path} at 320` }).toBeLessThanOrEqual(0);
  }
});

test('at 320 px every repayment frequency is whole, and the menu icon keeps its size', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await page.goto('/loans/home');
  const segments = page.locator('.calc-segments');
  await segments.scrollIntoViewIfNeeded();
  const clipped = await segments.evaluate((group) => {
    const edge = group.getBoundingClientRect().right;
    return [...group.querySelectorAll('span')].filter((span) => span.scrollWidth > span.clientWidth || span.getBoundingClientRect().right > edge + 0.5).map((span) => span.textContent);
  });
  expect(clipped).toEqual([]);
  const icon = await page.locator('.menu-toggle svg').first().boundingBox();
  expect(icon?.width).toBe(22);
});

test('calculator figures stay inside their tiles for large loans at every width', async ({ page }) => {
  test.setTimeout(120_000);
  // $2.5 million and $25 million over 30 years: totals of eight and nine digits.
  for (const amount of ['2500000', '25000000']) {
    for (const width of [320, 375, 1024, 1100]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/loans/home?amount=${amount}&term=30`);
      await expect(page.getByTestId('total-repaid')).toHaveText(/^\$\d{1,3}(,\d{3}){2,}/, { timeout: 20_000 });
      const spilled = await page.locator('.calc-facts dd, .calc-headline__figure').evaluateAll((figures) =>
        figures
          .filter((figure) => {
            const box = figure.getBoundingClientRect();
            const tile = (figure.parentElement as HTMLElement).getBoundingClientRect();
            return figure.scrollWidth > figure.clientWidth + 1 || box.right > tile.right + 0.5 || box.left < tile.left - 0.5;
          })
          .map((figure) => figure.textContent),
      );
      expect(spilled, `$${amount} at ${width} px`).toEqual([]);
      expect(await sidewaysScroll(page), `$${amount} at ${width} px`).toBe(0);
    }
  }
});
