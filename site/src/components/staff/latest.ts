import { useRef } from 'react';

/**
 * Which of a screen's requests is the latest. A list's answers can arrive out of order (a filter
 * changed twice, "Load more" pressed while the next filter's answer is on its way); only the
 * latest request's answer may be shown, or the rows would be another filter's under this one's
 * name. `begin()` starts a request and returns whether it is still the latest, to ask once its
 * answer is in.
 */
export class RequestOrder {
  private latest = 0;

  begin(): () => boolean {
    const mine = ++this.latest;
    return () => mine === this.latest;
  }
}

/** A component's own `RequestOrder`, kept across renders. */
export function useRequestOrder(): RequestOrder {
  const order = useRef<RequestOrder | null>(null);
  order.current ??= new RequestOrder();
  return order.current;
}
