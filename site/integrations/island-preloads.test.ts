import { describe, expect, it } from 'vitest';
import { islandScriptsToFiles } from './island-preloads.mjs';

const island = '(()=>{class f extends HTMLElement{}customElements.get("astro-island")||customElements.define("astro-island",f)})();';
const directive = '(()=>{async function n(s){await s()}(self.Astro||(self.Astro={}))["after-paint"]=n;window.dispatchEvent(new Event("astro:after-paint"));})();';
const keeper = '(function(){window.__early = {};})();';

function page(): string {
  return `<html><head><style>astro-island{display:contents}</style></head><body><script>${keeper}</script><script>${directive}</script><script>${island}</script><astro-island client="after-paint"></astro-island></body></html>`;
}

describe('islandScriptsToFiles', () => {
  it("moves Astro's island element and the after-paint directive into deferred files, in their places", () => {
    const { html, files } = islandScriptsToFiles(page());
    const paths = [...files.keys()];
    expect(paths).toHaveLength(2);
    expect(paths[0]).toMatch(/^\/_astro\/client-after-paint\.[\w-]{10}\.js$/);
    expect(paths[1]).toMatch(/^\/_astro\/astro-island\.[\w-]{10}\.js$/);
    expect([...files.values()]).toEqual([directive, island]);
    expect(html).toBe(
      `<html><head><style>astro-island{display:contents}</style></head><body><script>${keeper}</script><script defer src="${paths[0]}"></script><script defer src="${paths[1]}"></script><astro-island client="after-paint"></astro-island></body></html>`,
    );
  });

  it('names a file by its content, so every page shares one and a changed script gets a new name', () => {
    const first = [...islandScriptsToFiles(page()).files.keys()];
    expect([...islandScriptsToFiles(page()).files.keys()]).toEqual(first);
    const changed = [...islandScriptsToFiles(page().replace('HTMLElement{}', 'HTMLElement{x(){}}')).files.keys()];
    expect(changed[0]).toBe(first[0]);
    expect(changed[1]).not.toBe(first[1]);
  });

  it('leaves a page without islands as it is', () => {
    const html = `<html><body><script>${keeper}</script><script type="module" src="/_astro/a.js"></script></body></html>`;
    expect(islandScriptsToFiles(html)).toEqual({ html, files: new Map() });
  });
});
