import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as keyFactsPackage from 'banksia-core/key-facts-sheet';
import * as siteFactsPackage from 'banksia-core/site-facts';
import { builtRatesDay, fromDisk } from './core';

/**
 * The built site against the published product data: every rate, comparison rate, fee and
 * product amount the pages show (their HTML as `build_site` wrote it into site/dist, islands'
 * props included) must be one the server's Consumer Data Right API publishes today, or, on the
 * pages that show history (/rates, /news), one of core's earlier rates. A figure typed into a
 * page by hand, or a page built from another catalog, fails here. Every loan rate shown carries
 * its comparison rate and the statutory warning. No browser: the HTML files are read as served.
 */
const DIST = new URL('../../dist/', import.meta.url).pathname;
const WARNING = 'WARNING: This comparison rate is true only for the examples given and may not include all fees and charges.';
const facts = fromDisk('site-facts', siteFactsPackage);
const keyFacts = fromDisk('key-facts-sheet', keyFactsPackage);
const catalog = facts.productCatalog(builtRatesDay())!;
const loans = [...catalog.home_loans, ...catalog.personal_loans, ...catalog.car_loans];

/** The pages that show product figures: products, /rates, TMDs, /business, /news, home, calculators, the Key Facts Sheet. */
function productPages(): string[] {
  const fixed = ['/', '/checking', '/savings', '/term-deposits', '/business', '/rates', '/news', '/credit-cards', '/loans/home', '/loans/personal', '/loans/car', '/calculators', '/faq'];
  const under = (dir: string) =>
    readdirSync(join(DIST, dir))
      .filter((name) => statSync(join(DIST, dir, name)).isDirectory())
      .map((name) => `/${dir}/${name}`);
  return [...fixed, ...under('target-market'), ...under('calculators'), '/loans/home/key-facts-sheet'];
}

/** The pages allowed to show a rate no longer in force: the rate tables' history and the news of changes. */
const HISTORY_PAGES = new Set(['/rates', '/news']);

function html(path: string): string {
  return readFileSync(join(DIST, path === '/' ? '' : path, 'index.html'), 'utf8');
}

function decode(text: string): string {
  return text
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/&quot;|&#34;/g, '"')
    .replace(/&#39;|&#x27;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * What a reader sees: the text of the page without scripts, styles or tags, spaces collapsed,
 * after the page's description (what a search result and a shared link show).
 */
function visibleText(page: string): string {
  const descriptions = [...page.matchAll(/<meta (?:name|property)="(?:description|og:description)" content="([^"]*)"/g)].map((m) => m[1] ?? '');
  const body = page.replace(/<script[\s\S]*?<\/script>|<style[\s\S]*?<\/style>|<template[\s\S]*?<\/template>/g, ' ');
  return decode([...descriptions, body.replace(/<[^>]+>/g, ' ')].join(' ')).replace(/\s+/g, ' ');
}

/** Every rate an island is handed in its props (`"rate":[0,6.45]` as Astro serialises a number). */
function islandRates(page: string): string[] {
  const props = [...page.matchAll(/<astro-island[^>]*\sprops="([^"]*)"/g)].map((m) => decode(m[1] ?? ''));
  return props.flatMap((json) => [...json.matchAll(/"(?:rate|comparisonRate)":\[0,(\d+(?:\.\d+)?)\]/g)].map((m) => Number(m[1]).toFixed(2)));
}

const percent = (fraction: string) => (Number(fraction) * 100).toFixed(2);
const dollars = (amount: string) => Number(amount).toFixed(2);

interface Published {
  names: Map<string, string>;
  overview: Map<string, string>;
  rates: Set<string>;
  amounts: Set<string>;
}

/** Everything the API publishes as current (`effective=CURRENT`): each product's detail, walked for figures. */
async function published(request: APIRequestContext): Promise<Published> {
  const list = await request.get('/cds-au/v1/banking/products?page-size=1000', { headers: { 'x-v': '5' } });
  expect(list.status()).toBe(200);
  const products: { productId: string; name: string; additionalInformation: { overviewUri: string } }[] = (await list.json()).data.products;
  const found: Published = { names: new Map(), overview: new Map(), rates: new Set(), amounts: new Set() };
  for (const product of products) {
    found.names.set(product.productId, product.name);
    found.overview.set(product.productId, new URL(product.additionalInformation.overviewUri).pathname);
    const detail = await request.get(`/cds-au/v1/banking/products/${product.productId}`, { headers: { 'x-v': '7' } });
    expect(detail.status()).toBe(200);
    const walk = (value: unknown, key = '') => {
      if (Array.isArray(value)) return value.forEach((item) => walk(item, key));
      if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => walk(v, k));
      if (typeof value !== 'string') return;
      if (key === 'rate' || key === 'comparisonRate') found.rates.add(percent(value));
      else if (['amount', 'minimumValue', 'additionalValue'].includes(key) && /^\d+\.\d{2}$/.test(value)) found.amounts.add(dollars(value));
    };
    walk((await detail.json()).data);
  }
  return found;
}

/** Rates the calculators work out from a loan's rate: what if it rises 1, 2 or 3 points, and the 3-point serviceability buffer. */
function derivedRates(rates: Set<string>): Set<string> {
  const loanRates = loans.map((loan) => Number(loan.annual_rate_percent)).filter((rate) => rates.has(rate.toFixed(2)));
  return new Set(loanRates.flatMap((rate) => [1, 2, 3].map((rise) => (rate + rise).toFixed(2))));
}

const CALCULATOR_PAGES = (path: string) => path === '/loans/home' || path.startsWith('/calculators') || path === '/loans/home/key-facts-sheet';

/**
 * The Key Facts Sheet the page opens with, worked out by core for the product, amount and term
 * the island is handed: its comparison rate is for that loan, not the standard example.
 */
function keyFactsRates(): { rate: string; comparison: string; all: Set<string> } {
  const props = decode(/<astro-island[^>]*\sprops="([^"]*defaultSheet[^"]*)"/.exec(html('/loans/home/key-facts-sheet'))?.[1] ?? '');
  const product = /"product_id":\[0,"([^"]+)"\]/.exec(props)?.[1] ?? '';
  const amount = /"defaultAmount":\[0,"(\d+)"\]/.exec(props)?.[1] ?? '';
  const years = /"defaultYears":\[0,"(\d+)"\]/.exec(props)?.[1] ?? '';
  const sheet = keyFacts.keyFactsSheet(product, { principal: amount, term_years: years, frequency: 'monthly' }, builtRatesDay());
  if (!sheet.ok) throw new Error(`core refused the Key Facts Sheet's defaults: ${JSON.stringify(sheet.errors)}`);
  const all = new Set<string>();
  const walk = (value: unknown, key = '') => {
    if (Array.isArray(value)) return value.forEach((item) => walk(item, key));
    if (value && typeof value === 'object') return Object.entries(value).forEach(([k, v]) => walk(v, k));
    if (typeof value === 'string' && key.endsWith('rate_percent')) all.add(Number(value).toFixed(2));
  };
  walk(sheet.value);
  const rate = sheet.value.rate_periods[0]?.annual_rate_percent ?? '';
  return { rate, comparison: sheet.value.comparison_rate_percent, all };
}

/** core's rates before today's, each loan's with its comparison rate: what /rates and /news may also show. */
function earlierRates(): Set<string> {
  const rates = new Set<string>();
  const add = (history: readonly { annual_rate_percent: string }[]) => history.forEach((change) => rates.add(Number(change.annual_rate_percent).toFixed(2)));
  for (const loan of loans) {
    add(loan.history);
    add(loan.comparison_history);
  }
  for (const deposit of [...catalog.savings, ...catalog.business_savings, ...catalog.certificates_of_deposit, ...catalog.term_deposits]) add(deposit.history);
  for (const card of catalog.credit_cards) add(card.history);
  return rates;
}

/**
 * Where a page states a product's amount: a fee by its name or in a list of fees, a minimum, a
 * loan's range or ceiling. (Repayments, interest and totals are core's calculations, checked by
 * the calculators' own tests, not product figures.)
 */
const AMOUNT = String.raw`\$([\d,]+(?:\.\d\d)?)`;
const AMOUNT_IN_CONTEXT = [
  // "Monthly fee $12", "Annual fee $199", "Fees: $400 establishment", "Discharge fee when the loan is repaid $250.00"
  new RegExp(String.raw`\b(?:fee|fees:?)\s*(?:every month|every year|when the loan is (?:drawn|repaid))?\s*` + AMOUNT, 'gi'),
  // "$400 establishment", "$350 when the loan is repaid"
  new RegExp(AMOUNT + String.raw`(?=\s(?:establishment|when the loan is repaid))`, 'g'),
  // a fee list's later items: "$250 establishment, $10 a month", "$5 a month, $250 when the loan is repaid"
  new RegExp(String.raw`(?:establishment|a month|a year),\s` + AMOUNT + String.raw`(?=\sa (?:month|year))`, 'g'),
  new RegExp(AMOUNT + String.raw`(?=\sa (?:month|year), \$)`, 'g'),
  // "Minimum balance $2,500", "Minimum deposit $1,000", "a daily balance of $2,500"
  new RegExp(String.raw`(?:Minimum (?:balance|deposit|opening deposit)(?: from)?|minimum of|daily balance of)\s*` + AMOUNT, 'gi'),
  // "Borrow $2,000-$50,000", "Loans of $50,000-$5,000,000": both ends
  new RegExp(String.raw`(?:Borrow|Loans of)\s*` + AMOUNT, 'gi'),
  new RegExp(String.raw`(?:Borrow|Loans of)\s*\$[\d,]+\s*-\s*` + AMOUNT, 'gi'),
  // "Up to $100,000" (a car loan's ceiling)
  new RegExp(String.raw`\bUp to\s*` + AMOUNT, 'g'),
];

/** Amounts that are not a product's figure: the Code's comparison examples, the law's FCS limit, a worked example's deposit. */
function otherAmounts(): Set<string> {
  const examples = loans.map((loan) => dollars(loan.example.amount));
  return new Set([...examples, dollars('250000')]);
}

test.describe('the built site shows the published product data', () => {
  let api: Published;
  test.beforeAll(async ({ request }) => {
    api = await published(request);
  });

  test('every rate on a product page is a published rate (or, on /rates and /news, an earlier one of core)', () => {
    const earlier = earlierRates();
    const derived = derivedRates(api.rates);
    const keyFacts = keyFactsRates().all;
    const unknown: string[] = [];
    for (const path of productPages()) {
      const page = html(path);
      // A share of the price (the stamp duty page's loan-to-value ratio) is not a rate.
      const shown = [...visibleText(page).matchAll(/(\d{1,2}\.\d{2})\s?%(?! of the price)/g)].map((m) => m[1] ?? '');
      for (const rate of [...shown, ...islandRates(page)]) {
        if (api.rates.has(rate)) continue;
        if (HISTORY_PAGES.has(path) && earlier.has(rate)) continue;
        if (CALCULATOR_PAGES(path) && derived.has(rate)) continue;
        if (path === '/loans/home/key-facts-sheet' && keyFacts.has(rate)) continue;
        unknown.push(`${path}: ${rate}%`);
      }
    }
    expect(unknown, 'rates on the site that the product data API does not publish').toEqual([]);
  });

  test('every fee, minimum and loan limit on a product page is a published amount', () => {
    const other = otherAmounts();
    const unknown: string[] = [];
    for (const path of productPages()) {
      const text = visibleText(html(path));
      for (const pattern of AMOUNT_IN_CONTEXT) {
        for (const match of text.matchAll(pattern)) {
          const amount = dollars((match[1] ?? '').replace(/,/g, ''));
          if (Number(amount) === 0 || api.amounts.has(amount) || other.has(amount)) continue;
          unknown.push(`${path}: "${match[0]}"`);
        }
      }
    }
    expect(unknown, 'amounts beside a fee or limit word that the product data API does not publish').toEqual([]);
  });

  test('every loan rate shown carries its comparison rate, and the page the statutory warning', () => {
    const depositRates = new Set(
      [...catalog.savings, ...catalog.business_savings, ...catalog.certificates_of_deposit, ...catalog.term_deposits].flatMap((d) =>
        d.history.map((h) => Number(h.annual_rate_percent).toFixed(2)),
      ),
    );
    // Each loan rate (today's and earlier) with the comparison rates it was published with.
    const pairs = new Map<string, Set<string>>();
    for (const loan of loans) {
      loan.history.forEach((change, index) => {
        const comparison = loan.comparison_history[index]?.annual_rate_percent;
        if (!comparison) throw new Error(`${loan.name}: a rate without a comparison rate in core`);
        const rate = Number(change.annual_rate_percent).toFixed(2);
        pairs.set(rate, (pairs.get(rate) ?? new Set()).add(Number(comparison).toFixed(2)));
      });
    }
    const keyFacts = keyFactsRates();
    const missing: string[] = [];
    for (const path of productPages()) {
      // The calculator's printed estimate restates the visitor's own entries ("over 30 years at
      // 6.45% p.a., monthly repayments"): an estimate at the rate they chose, not an advertised rate.
      const text = visibleText(html(path)).replace(/years at \d{1,2}\.\d{2}% p\.a\., (?:monthly|fortnightly|weekly) repayments/g, '');
      const own = (rate: string) => (path === '/loans/home/key-facts-sheet' && rate === Number(keyFacts.rate).toFixed(2) ? [Number(keyFacts.comparison).toFixed(2)] : []);
      let showsLoanRate = false;
      for (const match of text.matchAll(/(?<![\d.])(\d{1,2}\.\d{2})%\s?p\.a\./g)) {
        const rate = match[1] ?? '';
        const expected = new Set([...(pairs.get(rate) ?? []), ...own(rate)]);
        // A loan's rate that is also a deposit rate can't be told apart by its figure alone.
        if (expected.size === 0 || depositRates.has(rate)) continue;
        // Is it a comparison rate itself (the second of a pair)?
        const before = text.slice(Math.max(0, (match.index ?? 0) - 40), match.index);
        if (/comparison rate\*?\s*$/i.test(before) || ([...pairs.values()].some((set) => set.has(rate)) && /\d% p\.a\.\s*$/.test(before))) continue;
        showsLoanRate = true;
        const after = text.slice((match.index ?? 0) + match[0].length, (match.index ?? 0) + match[0].length + 160);
        const next = /(\d{1,2}\.\d{2})%/.exec(after);
        // Its comparison rate is the next figure: beside it in a table, or named ("comparison rate 6.67% p.a.", "Comparison 6.67% p.a.").
        const between = next ? after.slice(0, next.index) : '';
        if (!next || !expected.has(next[1] ?? '') || !(/comparison/i.test(between) || /^[\s*]*$/.test(between))) {
          missing.push(`${path}: ${rate}% p.a. not followed by its comparison rate (${[...expected].join(' or ')}%): "${text.slice(Math.max(0, (match.index ?? 0) - 60), (match.index ?? 0) + 120)}"`);
        }
      }
      if (showsLoanRate && !text.includes(WARNING)) missing.push(`${path}: loan rates without the comparison rate warning`);
    }
    expect(missing).toEqual([]);
  });

  test('every published product is named on its page as the API names it', () => {
    const wrong: string[] = [];
    for (const [id, name] of api.names) {
      const path = api.overview.get(id) ?? '';
      if (!visibleText(html(path)).includes(name)) wrong.push(`${path} does not name ${id} "${name}"`);
    }
    expect(wrong).toEqual([]);
  });
});
