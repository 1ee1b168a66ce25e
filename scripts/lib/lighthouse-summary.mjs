// One Lighthouse JSON report as one line of figures for scripts/audit:
//   perf a11y bp seo transfer raw first js fcp lcp tbt cls
// transfer: bytes on the wire for every request of the page load (compressed as served, headers
// included); raw: the same files decoded (what an uncompressed server would send, bodies only);
// first: the document plus every render-blocking request, as transferred (the first flight);
// js: the scripts' compressed bytes, bodies only (with SITE_DIST set, the brotli file the server
// sends for each of the site's scripts; without it, as transferred, headers included: each response
// carries about 0.6 KB of security headers, more than a small script's body); fcp, lcp, tbt in ms;
// cls unitless.
// With a second argument (a category id) it prints that category's failing audits instead.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const report = JSON.parse(readFileSync(process.argv[2], 'utf8'));

if (process.argv[3]) {
  const refs = report.categories[process.argv[3]].auditRefs.filter((a) => a.weight > 0);
  console.log(refs.filter((a) => (report.audits[a.id].score ?? 1) < 1).map((a) => a.id).join(', '));
  process.exit(0);
}

const score = (id) => Math.round((report.categories[id].score ?? 0) * 100);
const numeric = (id) => report.audits[id]?.numericValue ?? NaN;
const requests = report.audits['network-requests']?.details?.items ?? [];
const sum = (items, field) => items.reduce((total, item) => total + (item[field] ?? 0), 0);

const documentUrl = report.finalDisplayedUrl ?? report.finalUrl;
const document = requests.find((r) => r.resourceType === 'Document' && r.url === documentUrl) ?? requests[0];
const blockingUrls = new Set(
  (report.audits['render-blocking-insight']?.details?.items ?? report.audits['render-blocking-resources']?.details?.items ?? [])
    .map((item) => item.url),
);
const first = (document?.transferSize ?? 0) + sum(requests.filter((r) => blockingUrls.has(r.url)), 'transferSize');

/** A script's compressed body: its precompressed .br in the built site, else as transferred. */
const scriptBytes = (request) => {
  const served = process.env.SITE_DIST && join(process.env.SITE_DIST, new URL(request.url).pathname);
  if (served && existsSync(`${served}.br`)) return statSync(`${served}.br`).size;
  return request.transferSize ?? 0;
};

console.log(
  [
    score('performance'),
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    sum(requests, 'transferSize'),
    sum(requests, 'resourceSize'),
    first,
    requests.filter((r) => r.resourceType === 'Script').reduce((total, r) => total + scriptBytes(r), 0),
    Math.round(numeric('first-contentful-paint')),
    Math.round(numeric('largest-contentful-paint')),
    Math.round(numeric('total-blocking-time')),
    numeric('cumulative-layout-shift').toFixed(3),
  ].join(' '),
);
