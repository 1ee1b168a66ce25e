// The confirmation page: shows the application the wizard sent from this tab (reference, date,
// the confirmation email's masked address when the server queued one, core's warnings about the
// stored application in core's words) or, when there is none, what the page is for. Also wires
// the print button (no inline handlers: strict CSP).
import { formatSubmissionDate, readLastApplication, type LastApplication } from './last-application';

function sessionStorageOrUndefined(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

const SENT_TITLE = 'Application received';
const SENT_HEADING = 'Application submitted successfully';

function fill(root: Document, application: LastApplication): void {
  const reference = root.querySelector<HTMLElement>('[data-reference]');
  const date = root.querySelector<HTMLElement>('[data-submitted-date]');
  if (reference) reference.textContent = application.reference;
  if (date) {
    date.textContent = formatSubmissionDate(application.submittedAt);
    date.setAttribute('datetime', application.submittedAt.toISOString());
  }
  const emailNote = root.querySelector<HTMLElement>('[data-email-note]');
  const noEmailNote = root.querySelector<HTMLElement>('[data-no-email-note]');
  const address = root.querySelector<HTMLElement>('[data-email-address]');
  // Only say an email was sent when the server queued one.
  if (application.confirmationEmail && emailNote && address) {
    address.textContent = application.confirmationEmail;
    emailNote.hidden = false;
  } else if (noEmailNote) {
    noEmailNote.hidden = false;
  }
  // What core warned about (a postcode outside the chosen state): the bank checks it with them.
  const warningsNote = root.querySelector<HTMLElement>('[data-warnings-note]');
  const warningList = root.querySelector<HTMLElement>('[data-warnings]');
  if (application.warnings.length > 0 && warningsNote && warningList) {
    warningList.replaceChildren(
      ...application.warnings.map((message) => {
        const item = root.createElement('li');
        item.textContent = message;
        return item;
      }),
    );
    warningsNote.hidden = false;
  }
  const account = root.querySelector<HTMLElement>('[data-account]');
  if (account && application.account) account.textContent = application.account;
  // An earlier version was already with the bank (its answer had been lost): say the later
  // changes were not applied, and how to make them.
  const changesNote = root.querySelector<HTMLElement>('[data-changes-note]');
  if (changesNote && application.changesNotApplied) {
    for (const element of changesNote.querySelectorAll<HTMLElement>('[data-changes-reference]')) element.textContent = application.reference;
    changesNote.hidden = false;
  }
  const heading = root.querySelector<HTMLElement>('[data-heading]');
  if (heading) heading.textContent = SENT_HEADING;
  root.title = root.title.replace(/^[^|]*/, `${SENT_TITLE} `);
}

/** Chooses the page's state from the stored application and reveals it. */
export function showLastApplication(root: Document, storage: Pick<Storage, 'getItem'> | undefined = sessionStorageOrUndefined()): void {
  const application = readLastApplication(storage);
  const state = application ? 'sent' : 'none';
  if (application) fill(root, application);
  for (const element of root.querySelectorAll<HTMLElement>('[data-state]')) {
    element.hidden = element.dataset['state'] !== state;
  }
  root.querySelector('[data-confirmation]')?.removeAttribute('data-pending');
}

export function enablePrinting(root: Document, print: () => void = () => window.print()): void {
  root.querySelector<HTMLButtonElement>('[data-print]')?.addEventListener('click', () => print());
}

showLastApplication(document);
enablePrinting(document);
