// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { act, createElement, startTransition, Suspense, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { compileAhead, nextTask } from './wake';

/** An island with an entry (a counter button) and an output part in a <Suspense> of its own, as the home loan's chart and table are. */
function Island() {
  const [count, setCount] = useState(0);
  const [later, setLater] = useState(0);
  return createElement(
    'div',
    null,
    createElement('button', { 'data-testid': 'now', onClick: () => setCount(count + 1) }, `now ${count}`),
    createElement(
      Suspense,
      { fallback: null },
      createElement('p', { 'data-testid': 'later', onClick: () => setLater(later + 1) }, `later ${later}`),
    ),
  );
}

const byTestId = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

let container: HTMLElement;
let root: Root | undefined;

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('an island hydrated as @astrojs/react does it (hydrateRoot inside startTransition)', () => {
  it('keeps the page’s own nodes, the <Suspense> part included, and both answer once awake', async () => {
    container = document.createElement('div');
    container.innerHTML = renderToString(createElement(Island));
    document.body.append(container);
    const button = byTestId(container, 'now');
    const part = byTestId(container, 'later');
    expect(container.textContent).toBe('now 0later 0');

    await act(async () => {
      startTransition(() => {
        root = hydrateRoot(container, createElement(Island));
      });
    });
    // Hydrated in place: no node was replaced (nothing on screen flashed or moved).
    expect(byTestId(container, 'now')).toBe(button);
    expect(byTestId(container, 'later')).toBe(part);
    act(() => button.click());
    act(() => part.click());
    expect(container.textContent).toBe('now 1later 1');
  });
});

describe('compileAhead', () => {
  it('runs the first calls in a task of their own, after the one that asked', async () => {
    container = document.createElement('div');
    const order: string[] = [];
    const done = compileAhead(() => order.push('first calls'));
    order.push('caller');
    await done;
    await nextTask();
    expect(order).toEqual(['caller', 'first calls']);
  });
});
