// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createElement, useState } from 'react';
import { act } from 'preact/test-utils';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrateLater, nextTask } from './wake';

/** An island with an entry (a counter button) and a part that hydrates later (a button of its own). */
function Island() {
  const [count, setCount] = useState(0);
  const [later, setLater] = useState(0);
  return createElement(
    'div',
    null,
    createElement('button', { 'data-testid': 'now', onClick: () => setCount(count + 1) }, `now ${count}`),
    createElement(HydrateLater, {
      children: createElement('p', { 'data-testid': 'later', onClick: () => setLater(later + 1) }, `later ${later}`),
    }),
  );
}

const byTestId = (container: HTMLElement, id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`)!;

let container: HTMLElement;
let root: Root | undefined;

function serverHtml(): HTMLElement {
  container = document.createElement('div');
  container.innerHTML = renderToString(createElement(Island));
  document.body.append(container);
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  container.remove();
});

describe('HydrateLater', () => {
  it('renders its part with the rest on the server', () => {
    expect(serverHtml().textContent).toBe('now 0later 0');
  });

  it('while an island hydrates, keeps its part as the page had it and hydrates it in a later task', async () => {
    serverHtml();
    const part = byTestId(container, 'later');
    (globalThis as Record<string, unknown>)['banksiaHydrating'] = true;
    try {
      act(() => {
        root = hydrateRoot(container, createElement(Island));
      });
    } finally {
      (globalThis as Record<string, unknown>)['banksiaHydrating'] = false;
    }

    // The rest of the island is awake; the part is the page's own node, not yet listening.
    act(() => byTestId(container, 'now').click());
    expect(byTestId(container, 'now').textContent).toBe('now 1');
    expect(byTestId(container, 'later')).toBe(part);
    act(() => part.click());
    expect(part.textContent).toBe('later 0');

    // A task later it is hydrated in place: the same node, now answering.
    await act(async () => {
      await nextTask();
      await nextTask();
    });
    expect(byTestId(container, 'later')).toBe(part);
    act(() => part.click());
    expect(part.textContent).toBe('later 1');
    expect(container.textContent).toBe('now 1later 1');
  });

  it('once the island is awake (or in a plain render), renders its part at once', () => {
    serverHtml();
    act(() => {
      root = hydrateRoot(container, createElement(Island));
    });
    act(() => byTestId(container, 'later').click());
    expect(byTestId(container, 'later').textContent).toBe('later 1');
  });
});
