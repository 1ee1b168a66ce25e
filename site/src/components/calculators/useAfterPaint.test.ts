// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createElement, Fragment } from 'react';
import { act } from 'preact/test-utils';
import { createRoot } from 'react-dom/client';
import { useAfterPaint } from './useAfterPaint';

function Probe({ value }: { value: string }) {
  const later = useAfterPaint(value);
  return createElement(Fragment, null, createElement('p', { id: 'now' }, value), createElement('p', { id: 'later' }, later));
}

describe('useAfterPaint', () => {
  it('keeps the earlier value for the render that changes it, then catches up after the paint', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    act(() => root.render(createElement(Probe, { value: '500000' })));
    const text = (id: string) => container.querySelector(`#${id}`)?.textContent;
    expect([text('now'), text('later')]).toEqual(['500000', '500000']);

    // Outside `act`, as a keystroke: the render itself shows the new value only where it is used directly.
    root.render(createElement(Probe, { value: '650000' }));
    expect([text('now'), text('later')]).toEqual(['650000', '500000']);
    await vi.waitFor(() => expect(text('later')).toBe('650000'));

    // A value that keeps its identity is settled: nothing more is scheduled.
    const renders = container.innerHTML;
    root.render(createElement(Probe, { value: '650000' }));
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
    expect(container.innerHTML).toBe(renders);
    act(() => root.unmount());
    container.remove();
  });
});
