// Input-to-figure latency of every calculator in Chromium:
// * the home loan calculator on a 30-year loan repaid weekly (1,560 repayments, schedule and chart
//   redrawn on every keystroke), typing the loan amount;
// * the term deposit calculator on 60 months with interest paid monthly (60 payments), typing the
//   deposit amount;
// * the borrowing power calculator (tax, living-expense floor, serviceability), typing the income;
// * the stamp duty calculator (NSW's table, the cash on the day and LMI), typing the price.
//
//   cd site && npx astro build && cd .. && site/node_modules/.bin/node benches/browser/calculator-latency.mjs
//
// Serves site/dist on 127.0.0.1 (or uses BASE_URL), drives /usr/bin/chromium (CHROMIUM_PATH) with
// playwright-core, and prints the timings and a markdown table for benches/README.md.
// CALCULATORS=home-loan,term-deposit,borrowing-power,stamp-duty (default all) picks which; RUNS sets the
// dispatched events per calculator and CPU setting (default 300).
// Both without and with 4x CPU throttling (CDP; roughly a mid-range phone):
// * dispatched input event: from dispatching an input event on the amount field to the
//   calculator's DOM showing core's new figure (React handles input as a discrete event, so this
//   is the WASM call, its serialisation, rendering and commit), and to the start of the next
//   animation frame;
// * real keystrokes: Playwright's keyboard types amounts digit by digit; from each input
//   event's own timestamp (when the browser created it) to the DOM update and the next frame.
// The machine should be otherwise idle: other builds on its two cores show up in the tail.
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../..');
const require = createRequire(join(ROOT, 'site/package.json'));
const { chromium } = require('playwright-core');

const RUNS = Number(process.env.RUNS ?? 300);

/**
 * Each calculator: its page, its island, the field typed into, the figure watched, and a typed
 * value around `base` (alternately above and below it, so that consecutive values always give a
 * different figure, even the borrowing power's, rounded down to $1,000). The keyboard pass types
 * six-digit amounts from `typedFrom` up in $7,000 steps.
 */
const ALL_CALCULATORS = [
  {
    name: 'home-loan',
    title: 'Home loan (weekly, 30 years)',
    path: '/loans/home?amount=500000&term=30&loan=variable&repay=weekly',
    island: 'home-loan-calculator',
    input: 'loan-amount',
    figure: 'monthly-repayment',
    base: 500000,
    step: 1000,
    typedFrom: 450000,
  },
  {
    name: 'term-deposit',
    title: 'Term deposit (60 months, monthly)',
    path: '/term-deposits?deposit=50000&months=60&interest=monthly',
    island: 'term-deposit-calculator',
    input: 'deposit-amount',
    figure: 'maturity-value',
    base: 50000,
    step: 1000,
    typedFrom: 100000,
  },
  {
    name: 'borrowing-power',
    title: 'Borrowing power',
    path: '/calculators/borrowing-power',
    island: 'borrowing-power-calculator',
    input: 'bp-income',
    figure: 'borrowing-power',
    base: 100000,
    step: 1000,
    typedFrom: 100000,
  },
  {
    name: 'stamp-duty',
    title: 'Stamp duty (NSW, with the cash on the day)',
    path: '/calculators/stamp-duty',
    island: 'stamp-duty-calculator',
    input: 'sd-price',
    figure: 'stamp-duty',
    base: 750000,
    step: 1000,
    typedFrom: 700000,
  },
];
const CALCULATORS = process.env.CALCULATORS
  ? ALL_CALCULATORS.filter((calculator) => process.env.CALCULATORS.split(',').includes(calculator.name))
  : ALL_CALCULATORS;
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.xml': 'application/xml',
  '.txt': 'text/plain',
  '.json': 'application/json',
};

/** A minimal static server of site/dist, loopback only; /foo is served from /foo/index.html. */
async function serveDist() {
  const dist = join(ROOT, 'site/dist');
  const server = createServer(async (request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = normalize(join(dist, pathname));
    if (!file.startsWith(dist)) return response.writeHead(403).end();
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
    } catch {
      file = join(file, 'index.html');
    }
    try {
      const body = await readFile(file);
      response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end('not found');
    }
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { server, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` };
}

function stats(samples) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1], n: sorted.length };
}

/** Types amounts into the field in the page and times each update; returns the samples in ms. */
async function measure(page, calculator, runs) {
  return page.evaluate(async ({ count, island, input: inputId, figure: figureId, base, step }) => {
    const input = document.querySelector(`[data-testid="${inputId}"]`);
    const figure = () => document.querySelector(`[data-testid="${figureId}"]`)?.textContent ?? '';
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
    const update = [];
    const frame = [];
    for (let i = 0; i < count; i += 1) {
      // A different figure each time: the base plus or minus whole steps, alternately.
      const value = String(base + ((i % 50) + 1) * step * (i % 2 === 0 ? 1 : -1));
      const before = figure();
      const changed = new Promise((done) => {
        const observer = new MutationObserver(() => {
          if (figure() !== before) {
            observer.disconnect();
            done(performance.now());
          }
        });
        observer.observe(document.querySelector(`[data-testid="${island}"]`), {
          subtree: true,
          childList: true,
          characterData: true,
        });
      });
      const start = performance.now();
      setValue.call(input, value);
      input.dispatchEvent(new Event('input', { bubbles: true }));
      const updated = figure() !== before ? performance.now() : await changed;
      const painted = await new Promise((done) => requestAnimationFrame(() => done(performance.now())));
      update.push(updated - start);
      frame.push(painted - start);
      await new Promise((done) => setTimeout(done, 0));
    }
    return { update, frame };
  }, { count: runs, ...calculator });
}

/**
 * Real keystrokes (Playwright's keyboard, 6 digits into the emptied field, 10 times): for each
 * input event, the time from the event's own timestamp (when the browser created it) to the
 * calculator's DOM having changed, and to the start of the next frame.
 */
async function keyboardPass(page, calculator) {
  await page.evaluate(({ island, input: inputId }) => {
    const calculator = document.querySelector(`[data-testid="${island}"]`);
    const input = document.querySelector(`[data-testid="${inputId}"]`);
    window.__keys = [];
    let pending = null;
    new MutationObserver(() => {
      if (pending === null) return;
      const started = pending;
      const updated = performance.now();
      pending = null;
      requestAnimationFrame(() => window.__keys.push({ update: updated - started, frame: performance.now() - started }));
    }).observe(calculator, { subtree: true, childList: true, characterData: true, attributes: true });
    // Capturing on the window, so it runs before any listener of the island's: Preact's sits on
    // the input itself, and a real keystroke's microtasks (Preact's render among them) run
    // between one listener and the next, so a listener after it would miss the update.
    window.addEventListener(
      'input',
      (event) => {
        if (event.target === input) pending = event.timeStamp;
      },
      { capture: true },
    );
  }, calculator);
  const amount = page.getByTestId(calculator.input);
  for (let i = 0; i < 10; i += 1) {
    await amount.fill('');
    // Let the emptied field's own update (and its frame) land before counting keystrokes.
    await page.waitForTimeout(100);
    await page.evaluate(() => void window.__keys.splice(0));
    await amount.pressSequentially(String(calculator.typedFrom + i * 7000), { delay: 30 });
    await page.waitForTimeout(100);
    const keys = await page.evaluate(() => window.__keys.splice(0));
    (keyboardPass.samples ??= []).push(...keys);
  }
  const samples = keyboardPass.samples;
  keyboardPass.samples = [];
  return { update: stats(samples.map((s) => s.update)), frame: stats(samples.map((s) => s.frame)) };
}

async function main() {
  const own = process.env.BASE_URL ? null : await serveDist();
  const base = process.env.BASE_URL ?? own.url;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const results = [];
  try {
    for (const calculator of CALCULATORS) {
      for (const throttle of [1, 4]) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await page.goto(base + calculator.path);
        await page.getByTestId(calculator.input).scrollIntoViewIfNeeded();
        // Hydrated: Astro drops the island's `ssr` attribute, and typing changes the field.
        await page.waitForFunction(
          (island) => {
            const root = document.querySelector(`[data-testid="${island}"]`)?.closest('astro-island');
            return root !== null && root !== undefined && !root.hasAttribute('ssr');
          },
          calculator.island,
          { timeout: 30_000 },
        );
        await page.getByTestId(calculator.input).fill(String(calculator.base + 1));
        await page.getByTestId(calculator.figure).waitFor();
        if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
        await measure(page, calculator, 20); // warm-up
        const { update, frame } = await measure(page, calculator, RUNS);
        const keyboard = await keyboardPass(page, calculator);
        results.push({ calculator: calculator.title, throttle, update: stats(update), frame: stats(frame), keyboard });
        await context.close();
      }
    }
  } finally {
    await browser.close();
    own?.server.close();
  }

  const ms = (value) => value.toFixed(2);
  console.log(JSON.stringify(results, null, 2));
  console.log('\n| Calculator | CPU | how | input → figure median | p95 | max | input → next frame median | p95 | samples |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const cpu = r.throttle === 1 ? 'unthrottled' : `${r.throttle}x slowdown`;
    for (const [how, update, frame] of [
      ['dispatched input event', r.update, r.frame],
      ['real keystrokes', r.keyboard.update, r.keyboard.frame],
    ]) {
      console.log(
        `| ${r.calculator} | ${cpu} | ${how} | ${ms(update.median)} ms | ${ms(update.p95)} ms | ${ms(update.max)} ms | ${ms(frame.median)} ms | ${ms(frame.p95)} ms | ${update.n} |`,
      );
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
