import { describe, expect, it } from 'vitest';
import { showCurrentYear } from './current-year';

function fakeRoot(texts: string[]): { root: ParentNode; elements: { textContent: string }[] } {
  const elements = texts.map((textContent) => ({ textContent }));
  const root = { querySelectorAll: () => elements } as unknown as ParentNode;
  return { root, elements };
}

describe('footer year', () => {
  it('replaces the build year with the year of the viewing day', () => {
    const { root, elements } = fakeRoot(['2026', '2026']);
    showCurrentYear(root, new Date('2031-03-01T00:00:00'));
    expect(elements.map((e) => e.textContent)).toEqual(['2031', '2031']);
  });

  it('leaves a correct year alone', () => {
    const { root, elements } = fakeRoot(['2026']);
    showCurrentYear(root, new Date('2026-12-31T23:59:00'));
    expect(elements[0]?.textContent).toBe('2026');
  });
});
