// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { didYouMean, displayPath, enhanceSearch, MAX_RESULTS, statusText, type SearchEngine, type SearchHit } from './search';

const PAGE = `
  <form data-search-form><input data-search-input /><button type="submit">Search</button></form>
  <p data-search-status role="status"></p>
  <ol data-search-results></ol>`;

/** An engine over fixed hits, answering each query after `delay` ms (to race two queries). */
function engineOver(hits: Record<string, SearchHit[]>, delays: Record<string, number> = {}): SearchEngine {
  return {
    search: (query) =>
      new Promise((resolve) =>
        setTimeout(
          () => resolve({ results: (hits[query] ?? []).map((hit) => ({ data: () => Promise.resolve(hit) })) }),
          delays[query] ?? 0,
        ),
      ),
  };
}

function hit(url: string, title: string, excerpt = 'about <mark>term</mark> deposits'): SearchHit {
  return { url, meta: { title }, excerpt };
}

describe('search results', () => {
  it('links pages the way the site does', () => {
    expect(displayPath('/term-deposits/')).toBe('/term-deposits');
    expect(displayPath('/loans/home')).toBe('/loans/home');
    expect(displayPath('/')).toBe('/');
    expect(displayPath('/faq/index.html')).toBe('/faq');
  });

  it('says how many matched, and what to do when nothing did', () => {
    expect(statusText('', 0)).toBe('');
    expect(statusText('loan', 1)).toBe('1 result for “loan”.');
    expect(statusText('loan', 3)).toBe('3 results for “loan”.');
    expect(statusText('rate', 14)).toBe(`14 results for “rate”, showing the first ${MAX_RESULTS}.`);
    expect(statusText('zzz', 0)).toContain('browse by section');
  });

  it('renders titles, paths and highlighted excerpts, never markup from the index', async () => {
    document.body.innerHTML = PAGE;
    const evil = hit('/faq/', 'FAQ', 'a <img src=x onerror="alert(1)"> <mark>term</mark> <script>x()</script>');
    const search = enhanceSearch(document, () =>
      Promise.resolve(engineOver({ 'term deposit': [hit('/term-deposits/', 'Term deposits'), evil] })),
    );
    await search.run('term deposit');
    const items = [...document.querySelectorAll('[data-search-results] li')];
    expect(items.map((item) => item.querySelector('a')?.getAttribute('href'))).toEqual(['/term-deposits', '/faq']);
    expect(items[0]?.querySelector('a')?.textContent).toBe('Term deposits');
    expect(items[1]?.querySelector('mark')?.textContent).toBe('term');
    expect(document.querySelector('[data-search-results] img, [data-search-results] script')).toBeNull();
    expect(document.querySelector('[data-search-status]')?.textContent).toBe('2 results for “term deposit”.');
    expect(new URL(window.location.href).searchParams.get('q')).toBe('term deposit');
  });

  it('shows only the latest query when an older one answers last', async () => {
    document.body.innerHTML = PAGE;
    const engine = engineOver({ te: [hit('/a/', 'Old')], term: [hit('/term-deposits/', 'New')] }, { te: 30, term: 0 });
    const search = enhanceSearch(document, () => Promise.resolve(engine));
    await Promise.all([search.run('te'), search.run('term')]);
    expect([...document.querySelectorAll('[data-search-results] a')].map((a) => a.textContent)).toEqual(['New']);
  });

  it('clears on an empty query and says so when the index cannot load', async () => {
    document.body.innerHTML = PAGE;
    const search = enhanceSearch(document, () => Promise.reject(new Error('offline')));
    await search.run('loan');
    expect(document.querySelector('[data-search-status]')?.textContent).toContain('not available');
    await search.run('  ');
    expect(document.querySelector('[data-search-status]')?.textContent).toBe('');
    expect(document.querySelectorAll('[data-search-results] li')).toHaveLength(0);
  });
});

describe('did you mean', () => {
  it('offers the nearest keyword for a slip, and nothing for a word it knows or a wild guess', () => {
    expect(didYouMean('morgtgage')).toBe('mortgage');
    expect(didYouMean('savngs acount')).toBe('savings account');
    expect(didYouMean('term depsit')).toBe('term deposit');
    expect(didYouMean('mortgage')).toBeNull();
    expect(didYouMean('qwzxv blorft')).toBeNull();
    expect(didYouMean('')).toBeNull();
  });
});
