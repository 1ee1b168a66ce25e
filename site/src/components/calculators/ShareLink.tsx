import { useState } from 'react';

/**
 * Copies the page's address, which holds the calculator's entries, so a result can be sent to
 * someone. Says what happened in a polite live region.
 */
export default function ShareLink() {
  const [status, setStatus] = useState('');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(window.location.href);
      setStatus('Link copied. Anyone who opens it sees these figures.');
    } catch {
      setStatus("Couldn't copy the link: copy the address from your browser's address bar instead.");
    }
  };
  return (
    <div className="calc-share">
      <button type="button" className="button button--secondary" onClick={copy} data-testid="share-link">
        Copy a link to this result
      </button>
      <p className="calc-share__status" role="status">
        {status}
      </p>
    </div>
  );
}
