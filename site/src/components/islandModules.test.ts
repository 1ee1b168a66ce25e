// @vitest-environment happy-dom
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it, vi } from 'vitest';

/**
 * Every island of the site (each component an .astro file renders with a `client:` directive),
 * found by reading the .astro files, so an island added later is checked too.
 */
const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function astroFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return astroFiles(path);
    return entry.name.endsWith('.astro') ? [path] : [];
  });
}

function islandModules(): string[] {
  const modules = new Set<string>();
  for (const file of astroFiles(SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(/<([A-Z]\w*)\s[^>]*?\bclient:[a-z-]+/g)) {
      const from = new RegExp(`import\\s+${name}\\b[^;]*?from\\s+'([^']+)'`).exec(text)?.[1];
      if (!from) throw new Error(`${file}: where ${name} comes from is not found`);
      const base = resolve(dirname(file), from);
      const module = [`${base}.tsx`, `${base}.ts`, base].find((candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate));
      if (!module) throw new Error(`${file}: ${from} is not found`);
      modules.add(module);
    }
  }
  return [...modules].sort();
}

// The constructors whose first call loads the browser's locale data.
const FORMATTERS = ['NumberFormat', 'DateTimeFormat', 'ListFormat', 'PluralRules', 'RelativeTimeFormat', 'Collator', 'Segmenter'] as const;

describe('the modules an island loads', () => {
  const made = FORMATTERS.map((name) => vi.spyOn(Intl, name));
  afterAll(() => made.forEach((spy) => spy.mockRestore()));

  const islands = islandModules();

  it('are found: every island of the public pages and the staff console', () => {
    const names = islands.map((path) => path.split('/').pop());
    for (const island of ['HomeLoanCalculator.tsx', 'TermDepositCalculator.tsx', 'BorrowingPowerCalculator.tsx', 'KeyFactsSheet.tsx', 'ApplicationForm.tsx', 'StaffConsole.tsx']) {
      expect(names).toContain(island);
    }
  });

  // Constructing a page's first Intl formatter costs tens of milliseconds of main thread on a
  // phone: a module that does it at import spends them while the island wakes, whether the
  // formatter is used or not (a bundler keeps the construction as a side effect).
  it.each(islands.map((path) => [path.slice(SRC.length + 1), path]))('%s constructs no Intl formatter when imported', async (_, path) => {
    await import(/* @vite-ignore */ path);
    for (const spy of made) expect(spy).not.toHaveBeenCalled();
  });
});
