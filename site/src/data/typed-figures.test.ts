/**
 * No rate, comparison rate or product fee is typed into a page, a component or the site's data:
 * every one comes from banksia-core's catalog (data/products.ts). This scans the source for the
 * shapes such a figure takes when typed by hand, so a rate pasted into a page fails the unit suite.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(process.cwd(), 'src');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(astro|ts|tsx|mdx?)$/.test(name) && !/\.test\.tsx?$|\.testing\.ts$/.test(name) ? [path] : [];
  });
}

/** What a hand-typed figure looks like. */
const TYPED = [
  // "6.45%", "5.39 %", "6.45% p.a."
  { what: 'a percentage with decimals', pattern: /\b\d{1,2}\.\d{1,2}\s?%/g },
  // rate: 6.45, comparisonRate: 6.67, apy: 4.25
  { what: 'a rate field set to a number', pattern: /\b(?:rate|comparisonRate|apy|annual_rate_percent)\s*:\s*['"]?\d/gi },
  // monthlyFee: 12, annualFee: 199, minDeposit: 1000, minimumBalance: 2500
  { what: 'a fee or minimum set to a number', pattern: /\b(?:\w*Fee|minDeposit|minimumBalance|minimum)\s*:\s*\d/g },
  // "$199 annual fee", "a $12 monthly fee"
  { what: 'a dollar fee in words', pattern: /\$\d[\d,]*(?:\.\d\d)?\s+(?:\w+\s+){0,2}fee/gi },
];

// Figures that are not product rates or fees: the spec's bond yields (investments data), the
// borrowing power buffer and insurance prices are other products' facts or core's rules, typed
// nowhere else. The Financial Claims Scheme limit is the law's, not a product's.
const ALLOWED_FILES = ['data/investments.ts', 'data/insurance.ts'];

/** The source with its comments blanked (kept line for line): a worked example in a comment is prose. */
function withoutComments(text: string): string {
  const blank = (comment: string) => comment.replace(/[^\n]/g, ' ');
  return text.replace(/\/\*[\s\S]*?\*\//g, blank).replace(/(^|\s)\/\/[^\n]*/g, blank);
}

describe('no typed rates, comparison rates or fees', () => {
  it('finds none in pages, components or data', () => {
    const found: string[] = [];
    for (const path of sources(root)) {
      const name = relative(root, path);
      if (ALLOWED_FILES.includes(name)) continue;
      const text = withoutComments(readFileSync(path, 'utf8'));
      for (const { what, pattern } of TYPED) {
        for (const match of text.matchAll(pattern)) {
          const line = text.slice(0, match.index).split('\n').length;
          found.push(`${name}:${line}: ${what}: ${match[0]}`);
        }
      }
    }
    expect(found).toEqual([]);
  });

  it('would catch one', () => {
    const sample = "<p>Variable from 6.45% p.a.</p> rate: 6.45, monthlyFee: 12, 'a $199 annual fee'";
    const hits = TYPED.flatMap(({ pattern }) => [...sample.matchAll(pattern)].map((m) => m[0]));
    expect(hits).toHaveLength(4);
  });
});
