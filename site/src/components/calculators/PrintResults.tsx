import { useEffect, useRef, useState } from 'react';
import { onFirstUse } from '../../data/format';

/** Today's date as printed on a calculator's results: "25 November 2026", the day in Sydney. */
const printedOn = onFirstUse(
  () => new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Australia/Sydney' }),
);

/** True once the island runs in the browser (the server's HTML has no today, and can't print). */
function useLive(): boolean {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  return live;
}

/**
 * The line a printout of a calculator's results starts with: the bank's name, what was worked
 * out and the day it was printed, so a page taken to a broker or a partner says whose figures
 * they are and when they were true. Shown in print only.
 */
export function PrintHeading({ what }: { what: string }) {
  const day = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    // Stamped as the page goes to print, so a tab left open overnight prints the day it is
    // printed, and the formatter is made then rather than while the island wakes. Written to the
    // DOM directly: the page is laid out for paper as soon as `beforeprint` returns, before a state
    // update would render.
    const stamp = () => {
      if (day.current) day.current.textContent = ` · printed ${printedOn().format(new Date())}`;
    };
    window.addEventListener('beforeprint', stamp);
    return () => window.removeEventListener('beforeprint', stamp);
  }, []);
  return (
    <p className="calc-print-only calc-print-heading" data-testid="print-heading">
      {`Banksia Bank · ${what}`}
      <span ref={day} />
    </p>
  );
}

/**
 * "Print": the results as the print style lays them out. The button is in the page from the
 * start, so nothing moves when the island wakes, but hidden until then: without script it
 * could do nothing. Never on paper.
 */
export function PrintButton({ what }: { what: string }) {
  const live = useLive();
  return (
    <div className="calc-print" style={live ? undefined : { visibility: 'hidden' }}>
      <button type="button" className="button button--secondary" onClick={() => window.print()} data-testid="print-results">
        {`Print ${what}`}
      </button>
    </div>
  );
}
