// Fills the confirmation page's reference box from the wizard's sessionStorage entry.
import { formatSubmissionDate, readLastApplication } from './last-application';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

export function showLastApplication(root: Document): void {
  const found = root.querySelector<HTMLElement>('[data-application-found]');
  const missing = root.querySelector<HTMLElement>('[data-application-missing]');
  const application = readLastApplication(sessionStorageOrUndefined());
  if (!found || !missing || !application) return;

  const reference = found.querySelector<HTMLElement>('[data-reference]');
  const date = found.querySelector<HTMLElement>('[data-submitted-date]');
  if (reference) reference.textContent = application.reference;
  if (date) {
    date.textContent = formatSubmissionDate(application.submittedAt);
    date.setAttribute('datetime', application.submittedAt.toISOString());
  }
  found.hidden = false;
  missing.hidden = true;
}

showLastApplication(document);
