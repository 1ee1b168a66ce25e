// One Lighthouse JSON report as one line of figures for scripts/audit:
//   perf a11y bp seo transfer raw first js fcp lcp tbt cls
// transfer: bytes on the wire for every request of the page load (compressed as served, headers
// included); raw: the same files decoded (what an uncompressed server would send, bodies only);
// first: the document plus every render-blocking request, as transferred (the first flight);
// js: transferred bytes of scripts; fcp, lcp, tbt in ms; cls unitless.
// With a second argument (a category id) it prints that category's failing audits instead.
import { readFileSync } from 'node:fs';

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

console.log(
  [
    score('performance'),
    score('accessibility'),
    score('best-practices'),
    score('seo'),
    sum(requests, 'transferSize'),
    sum(requests, 'resourceSize'),
    first,
    sum(requests.filter((r) => r.resourceType === 'Script'), 'transferSize'),
    Math.round(numeric('first-contentful-paint')),
    Math.round(numeric('largest-contentful-paint')),
    Math.round(numeric('total-blocking-time')),
    numeric('cumulative-layout-shift').toFixed(3),
  ].join(' '),
);
