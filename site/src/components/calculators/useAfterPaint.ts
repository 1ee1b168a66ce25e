import { useEffect, useState } from 'react';

/**
 * `value` as it was before the render that changed it, until the browser has painted that render:
 * then a render of its own brings it up to date. The calculators pass their heavy parts (the
 * schedule's chart and table, the what-if figures) through this, so a keystroke's figure is on
 * screen before that work starts. React's `useDeferredValue` did this with concurrent rendering;
 * preact/compat's returns the value at once, which put all of it into the keystroke's own task.
 *
 * `value` must keep its identity while it means the same (state, or memoised): a new object on
 * every render would be brought up to date on every render, without end.
 */
export function useAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  // Preact runs effects after the next frame has been painted.
  useEffect(() => {
    setShown(() => value);
  }, [value]);
  return shown;
}
