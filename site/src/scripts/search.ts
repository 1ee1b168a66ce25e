// The /search page: results as you type from the Pagefind index built with the site
// (site/scripts/search-index.mjs). Plain DOM; Pagefind's own module loads only when needed.

/** What the page uses of one Pagefind result. */
export interface SearchHit {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

/** What the page uses of Pagefind's module (`/pagefind/pagefind.js`). */
export interface SearchEngine {
  search(query: string): Promise<{ results: { data(): Promise<SearchHit> }[] } | null>;
}

/** Results shown at most; the status says how many matched. */
export const MAX_RESULTS = 10;
const PAGEFIND_MODULE = '/pagefind/pagefind.js';
const DELAY_MS = 120;

/**
 * How Pagefind ranks (its defaults: pageLength 0.75, termSaturation 1.4). A weaker page-length
 * factor keeps a short page whose title merely mentions a product (the car loan application)
 * from outranking the product's own page.
 */
export const RANKING = { pageLength: 0.25 } as const;

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
  if (count === 0) return `No results for “${query}”. Try fewer or different words, or browse by section below.`;
  const shown = count > MAX_RESULTS ? `, showing the first ${MAX_RESULTS}` : '';
  return `${count} ${count === 1 ? 'result' : 'results'} for “${query}”${shown}.`;
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
      return;
    }
    try {
      engine ??= load();
      const found = await (await engine).search(query);
      const results = found?.results ?? [];
      const hits = await Promise.all(results.slice(0, MAX_RESULTS).map((result) => result.data()));
      if (ticket !== latest) return; // a newer query has started
      list.replaceChildren(...hits.map((hit) => resultItem(document, hit)));
      status.textContent = statusText(query, results.length);
    } catch {
      if (ticket !== latest) return;
      engine = undefined;
      list.replaceChildren();
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
