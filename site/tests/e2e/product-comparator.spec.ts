import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

/**
 * The Data Standards Body's product comparator (github.com/ConsumerDataStandardsAustralia/
 * product-comparator-demo), as a browser runs it: a page on another origin that adds the bank,
 * reads its Status tab, loads every product, opens each, and compares two home loans, asking
 * as that app does. Its requests (src/store/banking/data/actions.js, src/store/discovery/actions.js,
 * src/utils/url.js, src/utils/cors.js): `fetch(new Request(url, { headers }))` with `Accept:
 * application/json` and the one `x-v`/`x-min-v` pair of its settings (default 4 and 1,
 * src/store/version-info/reducer.js) on every endpoint, so each is preceded by a CORS preflight;
 * the list with no query, then `links.next` as given until there is none; each product's
 * detail at `<base>/banking/products/<productId>`; anything but 2xx, a rejected fetch, an
 * `x-v` the page can't read or a `next` equal to the page itself is an error in its console.
 * The schemas themselves are checked for these version pairs in server/tests/product_data.rs;
 * here, the fields the comparator reads.
 */
test.skip(!process.env['BASE_URL'], 'needs banksia-server at BASE_URL');

/** One answer as the comparator's page saw it. */
interface Answer {
  url: string;
  status: number;
  /** `x-v` as the page can read it (null unless CORS exposes it). */
  version: string | null;
  body: Record<string, unknown>;
}

/** What one pass of the comparator's steps got, and what its console would have said. */
interface Run {
  status: Answer | null;
  outages: Answer | null;
  pages: Answer[];
  details: Answer[];
  problems: string[];
}

/** A small page on a second origin (another port of 127.0.0.1), as the comparator's site is. */
async function comparatorSite(): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(
      '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">' +
        '<title>Product comparator</title></head><body><main><h1>Banking products comparator</h1></main></body></html>',
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * The comparator's steps, run in `page`: the bank's base URL normalised as the app does (its
 * `/cds-au/v1` appended), the Status tab's two requests beside the product list, every page of
 * the list from `firstPage` (the app's own: no query) and every product's detail as its page
 * arrives.
 */
async function runComparator(page: Page, bank: string, xV: string, xMinV: string, firstPage = ''): Promise<Run> {
  return page.evaluate(
    async ({ bank, xV, xMinV, firstPage }) => {
      const problems: string[] = [];
      const trimmed = bank.endsWith('/') ? bank.slice(0, -1) : bank;
      const base = trimmed.endsWith('/cds-au/v1') || new URL(trimmed).hostname === 'localhost' ? trimmed : `${trimmed}/cds-au/v1`;
      const get = async (url: string): Promise<Answer | null> => {
        try {
          const response = await fetch(new Request(url, { headers: new Headers({ Accept: 'application/json', 'x-v': xV, 'x-min-v': xMinV }) }));
          if (!response.ok) throw new Error(`Response not OK. Status: ${response.status} (${response.statusText})`);
          const version = response.headers.get('x-v');
          if (!version) problems.push(`${url}: doesn't expose header x-v`);
          return { url, status: response.status, version, body: (await response.json()) as Record<string, unknown> };
        } catch (error) {
          const cors = error instanceof TypeError ? ' (possibly CORS)' : '';
          problems.push(`Caught ${String(error)} while requesting ${url}${cors}`);
          return null;
        }
      };
      const pages: Answer[] = [];
      const details: Answer[] = [];
      const seen = new Set<string>();
      const detail = async (productId: string) => {
        const answer = await get(`${base}/banking/products/${productId}`);
        if (!answer) return;
        const data = answer.body['data'] as { productId: string; productCategory: string };
        const key = `${data.productCategory} ${data.productId}`;
        if (seen.has(key)) problems.push(`Product with id ${data.productId} already exists in ${data.productCategory}`);
        seen.add(key);
        details.push(answer);
      };
      const list = async (url: string): Promise<void> => {
        const answer = await get(url);
        if (!answer) return;
        pages.push(answer);
        const products = (answer.body['data'] as { products: { productId: string }[] }).products;
        const next = (answer.body['links'] as { next?: string }).next;
        const steps = products.map((product) => detail(product.productId));
        if (next === url) problems.push(`The link next should not be the same as the current page URL (${url})`);
        else if (next) steps.push(list(next));
        await Promise.all(steps);
      };
      const [status, outages] = await Promise.all([
        get(`${base}/discovery/status`),
        get(`${base}/discovery/outages`),
        list(`${base}/banking/products${firstPage}`),
      ]);
      return { status, outages, pages, details, problems };
    },
    { bank, xV, xMinV, firstPage },
  );
}

/** Every request the page made that failed, and every answer from beyond its own origin (the bank's) with its headers. */
function watchNetwork(page: Page, ownOrigin: string) {
  const failed: string[] = [];
  const answers: Promise<{ url: string; status: number; headers: Record<string, string> }>[] = [];
  page.on('requestfailed', (request) => failed.push(`${request.url()}: ${request.failure()?.errorText ?? 'failed'}`));
  page.on('response', (response) => {
    if (new URL(response.url()).origin === ownOrigin) return;
    answers.push(response.allHeaders().then((headers) => ({ url: response.url(), status: response.status(), headers })));
  });
  return { failed, answers: () => Promise.all(answers) };
}

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;
const isNumber = (value: unknown) => typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value));
const isMoment = (value: unknown) => typeof value === 'string' && Number.isFinite(Date.parse(value));

/**
 * What the comparison table (src/components/comparison/BankingComparisonPanel.js and the
 * banking components it renders) reads of a product and can't show: each a line naming it.
 */
function compareViewGaps(product: Record<string, unknown>): string[] {
  const gaps: string[] = [];
  const id = String(product['productId']);
  const need = (ok: boolean, what: string) => {
    if (!ok) gaps.push(`${id}: ${what}`);
  };
  for (const key of ['name', 'description', 'brand']) need(typeof product[key] === 'string' && product[key] !== '', key);
  need(product['brandName'] === undefined || typeof product['brandName'] === 'string', 'brandName');
  need(isMoment(product['lastUpdated']), 'lastUpdated');
  need(typeof product['isTailored'] === 'boolean', 'isTailored');
  for (const key of ['effectiveFrom', 'effectiveTo']) need(product[key] === undefined || isMoment(product[key]), key);
  need(product['applicationUri'] === undefined || URL.canParse(String(product['applicationUri'])), 'applicationUri');
  const info = product['additionalInformation'];
  need(info === undefined || (typeof info === 'object' && info !== null), 'additionalInformation');
  for (const [key, uri] of Object.entries((info ?? {}) as Record<string, unknown>)) {
    need(typeof uri !== 'string' || URL.canParse(uri), `additionalInformation.${key}`);
  }
  const items = (key: string): Record<string, unknown>[] => {
    const value = product[key];
    need(value === undefined || Array.isArray(value), key);
    return Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  };
  const typed = (key: string, type: string) =>
    items(key).forEach((item, i) => need(typeof item[type] === 'string', `${key}[${i}].${type}`));
  typed('constraints', 'constraintType');
  typed('eligibility', 'eligibilityType');
  typed('features', 'featureType');
  items('bundles').forEach((bundle, i) => need(typeof bundle['name'] === 'string', `bundles[${i}].name`));
  const lendingRates = items('lendingRates');
  need(lendingRates.length > 0, 'lendingRates: a home loan with none to compare');
  lendingRates.forEach((rate, i) => {
    const at = `lendingRates[${i}]`;
    need(isNumber(rate['rate']), `${at}.rate`);
    need(typeof rate['lendingRateType'] === 'string', `${at}.lendingRateType`);
    need(rate['comparisonRate'] === undefined || isNumber(rate['comparisonRate']), `${at}.comparisonRate`);
    for (const key of ['calculationFrequency', 'applicationFrequency']) {
      need(rate[key] === undefined || ISO_DURATION.test(String(rate[key])), `${at}.${key}`);
    }
    if (rate['lendingRateType'] === 'FIXED' || rate['lendingRateType'] === 'INTRODUCTORY') {
      need(ISO_DURATION.test(String(rate['additionalValue'])), `${at}.additionalValue (the fixed period)`);
    }
    ((rate['tiers'] ?? []) as Record<string, unknown>[]).forEach((tier, j) => {
      need(typeof tier['name'] === 'string' && typeof tier['unitOfMeasure'] === 'string', `${at}.tiers[${j}]`);
      need(typeof tier['minimumValue'] === 'number', `${at}.tiers[${j}].minimumValue`);
    });
  });
  items('fees').forEach((fee, i) => {
    const at = `fees[${i}]`;
    need(typeof fee['name'] === 'string' && typeof fee['feeType'] === 'string', `${at}.name, feeType`);
    if (fee['feeType'] === 'PERIODIC') need(ISO_DURATION.test(String(fee['additionalValue'])), `${at}.additionalValue (its period)`);
    for (const key of ['amount', 'balanceRate', 'transactionRate', 'accruedRate']) {
      need(fee[key] === undefined || isNumber(fee[key]), `${at}.${key}`);
    }
    ((fee['discounts'] ?? []) as Record<string, unknown>[]).forEach((discount, j) =>
      need(typeof discount['discountType'] === 'string', `${at}.discounts[${j}].discountType`),
    );
  });
  return gaps;
}

const BASE_URL = process.env['BASE_URL'] ?? '';
let site: { url: string; close: () => Promise<void> };

test.beforeAll(async () => {
  site = await comparatorSite();
});

test.afterAll(async () => {
  await site.close();
});

test.describe('the DSB product comparator against the bank, from another origin', () => {
  // The comparator's default pair, and the list's version the README gives (its x-min-v left at 1).
  for (const [xV, xMinV, listVersion, detailVersion] of [
    ['4', '1', '4', '4'],
    ['5', '1', '5', '5'],
  ] as const) {
    test(`x-v ${xV}, x-min-v ${xMinV}: Status tab, every product opened, two home loans compared`, async ({ page, request }) => {
      const errors = watchErrors(page);
      const network = watchNetwork(page, site.url);
      await page.goto(site.url);
      const run = await runComparator(page, BASE_URL, xV, xMinV);
      expect(run.problems, 'the comparator console').toEqual([]);

      // Status and Outages (src/components/data/discovery/StatusOutages.js).
      expect(run.status?.version).toBe('1');
      const status = run.status?.body['data'] as Record<string, unknown>;
      expect(['OK', 'PARTIAL_FAILURE', 'SCHEDULED_OUTAGE', 'UNAVAILABLE']).toContain(status['status']);
      for (const key of ['detectionTime', 'expectedResolutionTime', 'updateTime']) {
        expect(status[key] === undefined || isMoment(status[key]), key).toBe(true);
      }
      expect(run.outages?.version).toBe('1');
      const outages = (run.outages?.body['data'] as { outages: Record<string, unknown>[] }).outages;
      expect(Array.isArray(outages)).toBe(true);
      for (const outage of outages) {
        expect(isMoment(outage['outageTime']) && ISO_DURATION.test(String(outage['duration'])), JSON.stringify(outage)).toBe(true);
      }

      // The list: totalRecords is what the app counts details against before it shows any.
      expect(run.pages.length).toBeGreaterThan(0);
      const listed = run.pages.flatMap((answer) => (answer.body['data'] as { products: Record<string, unknown>[] }).products);
      for (const answer of run.pages) {
        expect(answer.version, answer.url).toBe(listVersion);
        expect((answer.body['meta'] as { totalRecords: number }).totalRecords, answer.url).toBe(listed.length);
      }
      const ids = listed.map((product) => String(product['productId']));
      expect(new Set(ids).size, 'one record per product').toBe(ids.length);
      expect(ids.length).toBeGreaterThanOrEqual(19);

      // Every detail: its version, and the product the list named.
      expect(run.details.length).toBe(ids.length);
      const details = new Map<string, Record<string, unknown>>();
      for (const answer of run.details) {
        expect(answer.version, answer.url).toBe(detailVersion);
        const data = answer.body['data'] as Record<string, unknown>;
        expect(answer.url.endsWith(`/banking/products/${String(data['productId'])}`), answer.url).toBe(true);
        details.set(String(data['productId']), data);
      }
      for (const product of listed) {
        const data = details.get(String(product['productId']));
        expect(data, String(product['productId'])).toBeDefined();
        expect(data?.['productCategory']).toBe(product['productCategory']);
        expect(data?.['name']).toBe(product['name']);
      }

      // Compare two home loans: every row of the comparison table.
      const homeLoans = [...details.values()].filter((product) => product['productCategory'] === 'RESIDENTIAL_MORTGAGES');
      expect(homeLoans.length, 'home loans to compare').toBeGreaterThanOrEqual(2);
      expect(homeLoans.slice(0, 2).flatMap(compareViewGaps)).toEqual([]);

      // The browser's view: nothing failed, nothing logged, every answer 2xx and readable here.
      const answers = await network.answers();
      expect(answers.length).toBe(run.pages.length + run.details.length + 2);
      for (const answer of answers) {
        expect(answer.status, answer.url).toBeGreaterThanOrEqual(200);
        expect(answer.status, answer.url).toBeLessThan(300);
        expect(['*', site.url], answer.url).toContain(answer.headers['access-control-allow-origin']);
        expect(answer.headers['access-control-expose-headers'] ?? '', answer.url).toMatch(/(^|,)\s*x-v\s*(,|$)/i);
      }
      expect(network.failed).toEqual([]);
      expect(errors).toEqual([]);

      // The preflight each request needed (x-v and x-min-v are not CORS-safelisted), as Chromium sends it.
      for (const url of [run.status?.url, run.outages?.url, run.pages[0]?.url, run.details[0]?.url].filter((url) => url !== undefined)) {
        const preflight = await request.fetch(url, {
          method: 'OPTIONS',
          headers: { origin: site.url, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-min-v,x-v' },
        });
        expect(preflight.status(), url).toBeGreaterThanOrEqual(200);
        expect(preflight.status(), url).toBeLessThan(300);
        const headers = preflight.headers();
        expect(['*', site.url], url).toContain(headers['access-control-allow-origin']);
        const allowed = (headers['access-control-allow-headers'] ?? '').toLowerCase().split(/\s*,\s*/);
        expect(allowed, url).toEqual(expect.arrayContaining(['x-v', 'x-min-v']));
      }
    });
  }

  test('pages of seven: links.next followed as given reaches every product once', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto(site.url);
    const whole = await runComparator(page, BASE_URL, '4', '1');
    const paged = await runComparator(page, BASE_URL, '4', '1', '?page-size=7');
    expect(paged.problems).toEqual([]);
    const total = whole.details.length;
    expect(paged.pages.length).toBe(Math.ceil(total / 7));
    const ids = (run: Run) => run.details.map((answer) => String((answer.body['data'] as { productId: string }).productId)).sort();
    expect(ids(paged)).toEqual(ids(whole));
    for (const answer of paged.pages) expect((answer.body['meta'] as { totalRecords: number }).totalRecords).toBe(total);
    expect(errors).toEqual([]);
  });
});
