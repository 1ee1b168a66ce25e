import { useEffect, useRef } from 'react';

/**
 * Toasts for the submission's outcome, announced to screen readers: the two live regions are
 * in the page from the start (a region added together with its message is often not read),
 * polite for news and assertive for a failure.
 */
export interface Toast {
  id: number;
  variant: 'success' | 'destructive';
  title: string;
  description: string;
}

export interface ToasterProps {
  toasts: readonly Toast[];
  onDismiss: (id: number) => void;
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: (id: number) => void }) {
  const card = useRef<HTMLDivElement>(null);
  // On a phone the toast sits in the page (see application.css): bring it into view once.
  useEffect(() => card.current?.scrollIntoView({ block: 'nearest' }), []);
  return (
    <div ref={card} className={`toast toast--${toast.variant}`} data-testid={`toast-${toast.variant}`}>
      <div className="toast__body">
        <p className="toast__title">{toast.title}</p>
        <p className="toast__description">{toast.description}</p>
      </div>
      <button type="button" className="toast__close" onClick={() => onDismiss(toast.id)}>
        <span aria-hidden="true">×</span>
        <span className="visually-hidden">Dismiss notification: {toast.title}</span>
      </button>
    </div>
  );
}

export function Toaster({ toasts, onDismiss }: ToasterProps) {
  const region = (variant: Toast['variant']) =>
    toasts
      .filter((toast) => toast.variant === variant)
      .map((toast) => <ToastCard key={toast.id} toast={toast} onDismiss={onDismiss} />);
  return (
    <div className="toaster">
      <div role="status" aria-live="polite" aria-atomic="false" className="toaster__region">
        {region('success')}
      </div>
      <div role="alert" aria-live="assertive" aria-atomic="false" className="toaster__region">
        {region('destructive')}
      </div>
    </div>
  );
}
