import { readdirSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

/**
 * No dead links: every internal link (href and form action) on every built page answers 200, and
 * the human-readable /sitemap lists every page. The pages are the built site's HTML files
 * (site/dist), fetched from the server under test, so a page nothing links to is crawled too.
 */
const DIST = fileURLToPath(new URL('../../dist/', import.meta.url));
/** Not destinations: the not-found screen itself. */
const NOT_PAGES = new Set(['/404']);

function builtPages(dir = DIST): string[] {
  const pages: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!['_astro', 'pagefind'].includes(entry.name)) pages.push(...builtPages(path));
    } else if (entry.name.endsWith('.html')) {
      const url = `/${relative(DIST, path).split(sep).join('/')}`.replace(/(\/index)?\.html$/, '') || '/';
      if (!NOT_PAGES.has(url)) pages.push(url);
    }
  }
  return pages.sort();
}

/** Internal targets of a page's links and forms, without fragment or query. */
function internalTargets(html: string): string[] {
  const targets = [...html.matchAll(/\s(?:href|action)="([^"]*)"/g)].map((match) => match[1] ?? '');
  return targets
    .filter((target) => target.startsWith('/') && !target.startsWith('//'))
    .map((target) => target.replace(/[?#].*$/, '') || '/');
}

test('every internal link on every built page answers 200', async ({ request }) => {
  test.setTimeout(120_000);
  const pages = builtPages();
  expect(pages.length).toBeGreaterThan(40);
  const linkedFrom = new Map<string, string>();
  for (const page of pages) {
    const response = await request.get(page);
    expect(response.status(), page).toBe(200);
    for (const target of internalTargets(await response.text())) {
      if (!linkedFrom.has(target)) linkedFrom.set(target, page);
    }
  }
  const dead: string[] = [];
  for (const [target, page] of linkedFrom) {
    const response = await request.get(target, { maxRedirects: 0 });
    if (response.status() !== 200) dead.push(`${target} (${response.status()}) linked from ${page}`);
  }
  expect(dead).toEqual([]);
});

test('the sitemap page lists every page of the site', async ({ page }) => {
  await page.goto('/sitemap');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sitemap');
  const listed = new Set(
    await page.getByRole('main').locator('a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? '')),
  );
  // Every public page but the end of a journey (the confirmation) and the sitemap itself; the
  // staff console is not for the public and is listed nowhere.
  const missing = builtPages().filter(
    (path) => !['/sitemap', '/application-confirmation'].includes(path) && !path.startsWith('/staff') && !listed.has(path),
  );
  expect(missing).toEqual([]);
  expect([...listed].filter((path) => path.startsWith('/staff'))).toEqual([]);
});
