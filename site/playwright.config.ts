import { defineConfig } from '@playwright/test';

/**
 * End-to-end tests drive Debian's Chromium (never a downloaded browser). Most run in its headless
 * shell, the same Blink and V8 without the desktop browser's UI, which runs them in under half
 * the CPU time (benches/README.md, "CI time"); CHROMIUM_PATH picks another build for them. The
 * applicant's and the staff member's whole journeys run in the full browser instead,
 * /usr/bin/chromium, the one the benches and Lighthouse measure.
 * BASE_URL points at the server under test (scripts/test passes the test build's banksia-server);
 * without it, Playwright serves the built site with `astro preview`.
 */
const PREVIEW_URL = 'http://127.0.0.1:4321';
const baseURL = process.env['BASE_URL'] ?? PREVIEW_URL;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const FULL_BROWSER_JOURNEYS = ['journey.spec.ts', 'staff.spec.ts'];

export default defineConfig({
  testDir: './tests/e2e',
  fullyParallel: true,
  workers: 2,
  forbidOnly: Boolean(process.env['CI']),
  // One retry: on a busy 2-core machine a browser test can lose a race with the load; one that
  // passes only on retry is listed as flaky at the end of the run (and in scripts/test's digest).
  retries: 1,
  reporter: [['list']],
  timeout: 30_000,
  use: {
    baseURL,
    browserName: 'chromium',
    trace: 'off',
    // Instant scrolling and no transitions (the site honours prefers-reduced-motion): a smooth
    // scroll after each step kept Playwright waiting for the page to stand still, about a second
    // an action in the wizard. journey.spec.ts walks the applicant's journey with motion on.
    reducedMotion: 'reduce',
  },
  projects: [
    {
      name: 'headless-shell',
      testIgnore: FULL_BROWSER_JOURNEYS,
      use: {
        launchOptions: {
          executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium-headless-shell',
          args: CHROMIUM_ARGS,
        },
      },
    },
    {
      name: 'chromium',
      testMatch: FULL_BROWSER_JOURNEYS,
      use: { launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS } },
    },
  ],
  ...(process.env['BASE_URL']
    ? {}
    : {
        webServer: {
          command: 'npm run --silent preview',
          url: PREVIEW_URL,
          reuseExistingServer: true,
          timeout: 60_000,
        },
      }),
});
