// The /search page: results as you type from the Pagefind index built with the site
// (site/scripts/search-index.mjs). Plain DOM; Pagefind's own module loads only when needed.
import { distance } from 'fastest-levenshtein';
import { searchVocabulary } from '../data/search';

/** What the page uses of one Pagefind result. */
export interface SearchHit {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

/** What the page uses of Pagefind's module (`/pagefind/pagefind.js`). */
export interface SearchEngine {
  search(query: string): Promise<{ results: { id?: string; data(): Promise<SearchHit> }[] } | null>;
}

/**
 * Pagefind answers a quoted phrase with the pages that hold it, every one scored alike; the same
 * words unquoted are ranked. So a quoted query's pages come in the order of the unquoted search
 * (the page about the phrase first), still only the pages that hold the phrase.
 */
async function searchRanked(engine: SearchEngine, query: string) {
  const found = await engine.search(query);
  const results = found?.results ?? [];
  if (!/["“”]/.test(query) || results.length < 2) return results;
  const ranked = (await engine.search(query.replace(/["“”]/g, ' ').trim()))?.results ?? [];
  const place = new Map(ranked.map((result, index) => [result.id, index]));
  const at = (id: string | undefined) => place.get(id) ?? ranked.length;
  return [...results].sort((a, b) => at(a.id) - at(b.id));
}

/** Results shown at most; the status says how many matched. */
export const MAX_RESULTS = 10;
const PAGEFIND_MODULE = '/pagefind/pagefind.js';
const DELAY_MS = 120;

/**
 * How Pagefind ranks (its defaults: pageLength 0.75, termFrequency 1, termSaturation 1.4). A
 * weaker page-length factor keeps a short page whose title merely mentions a product (the car
 * loan application) from outranking the product's own page; a weaker term-frequency factor counts
 * weighted words (product names, the keyword line of data/search.ts) over how densely a short page
 * repeats a phrase, so "fixed rate" finds the home loan's fixed rate before the car loan page that
 * says "fixed rate" eight times (measured over the queries of tests/e2e/search.spec.ts).
 */
export const RANKING = { pageLength: 0.25, termFrequency: 0.5 } as const;

async function loadPagefind(): Promise<SearchEngine> {
  // A runtime URL, not bundled: the index is written after the site is built.
  const pagefind = (await import(/* @vite-ignore */ PAGEFIND_MODULE)) as SearchEngine & {
    options(options: { ranking: typeof RANKING }): Promise<void>;
  };
  await pagefind.options({ ranking: RANKING });
  return pagefind;
}

/** `/term-deposits/` as the site links it: `/term-deposits`. */
export function displayPath(url: string): string {
  const path = url.replace(/\.html$/, '').replace(/\/index$/, '/');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/** What the live region announces. */
export function statusText(query: string, count: number): string {
  if (query === '') return '';
  if (count === 0) return `No results for “${query}”. Try fewer or different words, one of the popular pages, or browse by section below.`;
  const shown = count > MAX_RESULTS ? `, showing the first ${MAX_RESULTS}` : '';
  return `${count} ${count === 1 ? 'result' : 'results'} for “${query}”${shown}.`;
}

/** The words and phrases "did you mean" may offer: the index's keywords, each phrase and each word. */
const VOCABULARY: readonly string[] = [...new Set([...searchVocabulary, ...searchVocabulary.flatMap((phrase) => phrase.split(' '))])];

/**
 * The nearest known spelling of a query that found nothing ("morgtgage" -> "mortgage"), or null.
 * The whole query is compared with the keyword phrases first, then each word of four letters or
 * more with the keyword words, allowing one typing slip per four letters (at most two).
 */
export function didYouMean(query: string, vocabulary: readonly string[] = VOCABULARY): string | null {
  const typed = query.toLowerCase().replace(/["“”]/g, '').trim().replace(/\s+/g, ' ');
  if (typed === '') return null;
  const allowed = (word: string): number => Math.min(2, Math.floor(word.length / 4));
  const nearest = (word: string, candidates: readonly string[]): string | null => {
    if (word.length < 4 || candidates.includes(word)) return null;
    let best: string | null = null;
    let bestDistance = allowed(word) + 1;
    for (const candidate of candidates) {
      const d = distance(word, candidate);
      if (d < bestDistance) [best, bestDistance] = [candidate, d];
    }
    return best;
  };
  const phrases = vocabulary.filter((entry) => entry.includes(' '));
  const whole = typed.includes(' ') ? nearest(typed, phrases) : null;
  if (whole) return whole;
  const words = vocabulary.filter((entry) => !entry.includes(' '));
  const corrected = typed
    .split(' ')
    .map((word) => nearest(word, words) ?? word)
    .join(' ');
  return corrected !== typed ? corrected : null;
}

/** An excerpt's text with Pagefind's `<mark>` highlights kept and nothing else. */
function excerptNodes(document: Document, excerpt: string): Node[] {
  const template = document.createElement('template');
  template.innerHTML = excerpt;
  return [...template.content.childNodes].map((node) => {
    if (node.nodeName === 'MARK') {
      const mark = document.createElement('mark');
      mark.textContent = node.textContent;
      return mark;
    }
    return document.createTextNode(node.textContent ?? '');
  });
}

function resultItem(document: Document, hit: SearchHit): HTMLLIElement {
  const item = document.createElement('li');
  const link = document.createElement('a');
  const path = displayPath(hit.url);
  link.href = path;
  link.textContent = hit.meta.title ?? path;
  const where = document.createElement('p');
  where.className = 'search-result-path';
  where.textContent = path;
  const excerpt = document.createElement('p');
  excerpt.className = 'search-result-excerpt';
  excerpt.append(...excerptNodes(document, hit.excerpt));
  item.append(link, where, excerpt);
  return item;
}

/**
 * Wires the search form: searches as the visitor types (and for `?q=` on arrival), keeps the
 * query in the URL, announces the count in the live region, and lets ArrowDown move from the
 * box to the first result.
 */
export function enhanceSearch(document: Document, load: () => Promise<SearchEngine> = loadPagefind): {
  run(query: string): Promise<void>;
} {
  const form = document.querySelector<HTMLFormElement>('[data-search-form]');
  const input = document.querySelector<HTMLInputElement>('[data-search-input]');
  const status = document.querySelector<HTMLElement>('[data-search-status]');
  const list = document.querySelector<HTMLOListElement>('[data-search-results]');
  if (!form || !input || !status || !list) return { run: async () => undefined };
  // Shown when nothing matched: "did you mean" and the popular pages.
  const help = document.querySelector<HTMLElement>('[data-search-help]');
  const suggestion = document.querySelector<HTMLAnchorElement>('[data-search-suggestion]');
  const popular = document.querySelector<HTMLElement>('[data-search-popular]');
  // "Did you mean" for any query with a slip (Pagefind may still find loose matches for it);
  // the popular pages only when nothing was found.
  const showHelp = (query: string | null, found: number): void => {
    const better = query === null ? null : didYouMean(query);
    const line = suggestion?.closest('p');
    if (suggestion && line) {
      line.hidden = better === null;
      if (better !== null) {
        suggestion.textContent = better;
        suggestion.href = `/search?q=${encodeURIComponent(better)}`;
      }
    }
    if (popular) popular.hidden = query === null || found > 0;
    if (help) help.hidden = better === null && (query === null || found > 0);
  };
  const window = document.defaultView;
  document.querySelector('[data-search-fallback]')?.remove();

  let engine: Promise<SearchEngine> | undefined;
  let latest = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const run = async (raw: string): Promise<void> => {
    const query = raw.trim();
    const ticket = ++latest;
    if (window) {
      const url = new URL(window.location.href);
      if (query) url.searchParams.set('q', query);
      else url.searchParams.delete('q');
      window.history.replaceState(null, '', url);
    }
    if (query === '') {
      list.replaceChildren();
      status.textContent = '';
      showHelp(null, 0);
      return;
    }
    try {
      engine ??= load();
      const results = await searchRanked(await engine, query);
      const hits = await Promise.all(results.slice(0, MAX_RESULTS).map((result) => result.data()));
      if (ticket !== latest) return; // a newer query has started
      list.replaceChildren(...hits.map((hit) => resultItem(document, hit)));
      status.textContent = statusText(query, results.length);
      showHelp(query, results.length);
    } catch {
      if (ticket !== latest) return;
      engine = undefined;
      list.replaceChildren();
      showHelp(null, 0);
      status.textContent = 'Search is not available right now. You can browse by section below.';
    }
  };

  input.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => void run(input.value), DELAY_MS);
  });
  // Load the index early once the visitor shows interest.
  input.addEventListener('focus', () => {
    engine ??= load();
    engine.catch(() => (engine = undefined));
  });
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(timer);
    void run(input.value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown') return;
    const first = list.querySelector('a');
    if (first) {
      event.preventDefault();
      first.focus();
    }
  });

  const initial = window ? (new URL(window.location.href).searchParams.get('q') ?? '') : '';
  input.value = initial;
  if (initial.trim() !== '') void run(initial);
  return { run };
}
