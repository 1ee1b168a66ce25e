// The wizard's page after an application was sent from this tab (for instance on browser Back
// from the confirmation page): a note that it was sent, with its reference, above a fresh
// wizard, so nobody wonders whether to send it again.
import { formatSubmissionDate, readLastApplication } from './last-application';

export function showSentNote(root: Document, storage: Pick<Storage, 'getItem'> | undefined): void {
  const note = root.querySelector<HTMLElement>('[data-application-sent]');
  const application = readLastApplication(storage);
  if (!note || !application) return;
  const reference = note.querySelector<HTMLElement>('[data-sent-reference]');
  const date = note.querySelector<HTMLElement>('[data-sent-date]');
  if (reference) reference.textContent = application.reference;
  if (date) date.textContent = formatSubmissionDate(application.submittedAt);
  note.hidden = false;
}

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

showSentNote(document, storage());
// A page restored from the back/forward cache runs no script again: look once more.
window.addEventListener('pageshow', (event) => {
  if (event.persisted) showSentNote(document, storage());
});
