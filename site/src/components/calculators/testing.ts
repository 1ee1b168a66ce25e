/**
 * Helpers for the calculators' component tests (happy-dom): mount an island, type like a person.
 */
import { act, createElement, type ComponentType } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';


export interface Mounted {
  container: HTMLElement;
  root: Root;
  unmount: () => void;
}

export function mount<P extends object>(component: ComponentType<P>, props: P): Mounted {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  act(() => root.render(createElement(component, props)));
  return {
    container,
    root,
    unmount: () => {
      act(() => root.unmount());
      container.remove();
    },
  };
}

/**
 * Renders on the "server", lets `beforeWaking` touch the static HTML (as a visitor could before
 * the script loads), then hydrates it like an Astro island.
 */
export function hydrate<P extends object>(component: ComponentType<P>, props: P, beforeWaking: (container: HTMLElement) => void): Mounted {
  const container = document.createElement('div');
  container.innerHTML = renderToString(createElement(component, props));
  document.body.append(container);
  beforeWaking(container);
  let root: Root | undefined;
  act(() => {
    root = hydrateRoot(container, createElement(component, props));
  });
  return {
    container,
    root: root!,
    unmount: () => {
      act(() => root!.unmount());
      container.remove();
    },
  };
}

/** Sets a text field's value as typing does, so React's onChange runs. */
export function type(input: HTMLInputElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

export function click(element: HTMLElement): void {
  act(() => element.click());
}

export function choose(select: HTMLSelectElement, value: string): void {
  const setter = Object.getOwnPropertyDescriptor(HTMLSelectElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(select, value);
    select.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

/** The input labelled `label` (exact label text). */
export function byLabel<T extends HTMLElement = HTMLInputElement>(container: HTMLElement, label: string): T {
  for (const element of container.querySelectorAll('label')) {
    if (element.textContent?.trim() === label) {
      const target = element.htmlFor ? container.querySelector(`[id="${element.htmlFor}"]`) : element.querySelector('input, select');
      if (target) return target as T;
    }
  }
  throw new Error(`no field labelled ${label}`);
}

export function byTestId(container: HTMLElement, id: string): HTMLElement | null {
  return container.querySelector(`[data-testid="${id}"]`);
}

export function textOf(container: HTMLElement, id: string): string | undefined {
  return byTestId(container, id)?.textContent ?? undefined;
}
