import AxeBuilder from '@axe-core/playwright';
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

/** One layout shift the page reported: its score, whether input just caused it, and what moved. */
export interface LayoutShift {
  value: number;
  hadRecentInput: boolean;
  /** When, whether an island had hydrated yet, and each moved element with its rectangles. */
  description: string;
}

/** Records every layout shift of the pages `page` opens from now on (read with `layoutShifts`). */
export async function watchLayoutShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    interface Source {
      node?: Node | null;
      previousRect: DOMRectReadOnly;
      currentRect: DOMRectReadOnly;
    }
    const shifts: { value: number; hadRecentInput: boolean; description: string }[] = [];
    (window as unknown as { layoutShifts: typeof shifts }).layoutShifts = shifts;
    const describe = (node: Node | null | undefined) => {
      if (!(node instanceof Element)) return node?.nodeName ?? 'gone';
      return `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${[...node.classList].map((c) => `.${c}`).join('')}`;
    };
    const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; startTime: number; sources: Source[] }[]) {
        const hydrated = document.querySelector('astro-island:not([ssr])') !== null;
        const sources = entry.sources.map((s) => `${describe(s.node)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`);
        shifts.push({
          value: entry.value,
          hadRecentInput: entry.hadRecentInput,
          description: `${entry.value.toFixed(4)} at ${Math.round(entry.startTime)} ms (${hydrated ? 'hydrated' : 'before hydration'}): ${sources.join('; ')}`,
        });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}

/** The layout shifts recorded so far on the current page (see `watchLayoutShifts`). */
export async function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(() => (window as unknown as { layoutShifts: LayoutShift[] }).layoutShifts);
}

/** The sum of the shifts' scores, leaving out those caused by input (as CLS does). */
export function shiftScore(shifts: readonly LayoutShift[]): number {
  return shifts.filter((shift) => !shift.hadRecentInput).reduce((sum, shift) => sum + shift.value, 0);
}

/** How far the page scrolls sideways (0 when nothing is wider than the viewport). */
export async function sidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * The islands that hydrate at the first paint and have not yet (Astro drops `ssr` once an island
 * has hydrated). An island that waits to be seen (`client:visible`, the stamp duty page's offset
 * calculator) is left out: it wakes when it is scrolled to.
 */
export const AT_PAINT_NOT_HYDRATED = 'astro-island[ssr][client="after-paint"]';

/**
 * axe-core over the page as it stands, for its violations (`tags` narrows the rules). Legacy mode
 * runs axe in the page itself; the default mode opens a page of its own per run, for cross-origin
 * frames, which the site has none of. With passes and incomplete results left unsummarised, a run
 * takes about half the time (benches/README.md, "Stop 53: the e2e suite's waits");
 * `a11y.spec.ts` checks it still finds what is wrong.
 */
export function axe(page: Page, tags?: readonly string[]): AxeBuilder {
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).setLegacyMode(true);
  return tags ? builder.withTags([...tags]) : builder;
}
