// The applicant's status page: asks for a one-time link (the same answer whether or not the
// application exists) and, opened from that link, shows the status in core's words. The link's
// token is in the URL's fragment, so it never reaches a server log or a Referer.
import type { ApplicationStatusView, StaffErrorBody, StatusLinkSent } from 'banksia-core/application';

const form = document.querySelector<HTMLFormElement>('[data-status-form]');
const note = document.querySelector<HTMLElement>('[data-status-note]');
const result = document.querySelector<HTMLElement>('[data-status-result]');

function say(text: string): void {
  if (!note) return;
  note.textContent = text;
  note.hidden = false;
}

function text(selector: string, value: string): void {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) element.textContent = value;
}

async function post<T>(path: string, body: unknown): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (response.ok) return { ok: true, value: (await response.json()) as T };
    const error = (await response.json().catch(() => null)) as StaffErrorBody | null;
    return { ok: false, error: error?.error ?? 'Something went wrong. Please try again.' };
  } catch {
    return { ok: false, error: 'We could not reach Banksia Bank. Check your connection and try again.' };
  }
}

function show(view: ApplicationStatusView): void {
  if (!result) return;
  text('[data-status-headline]', view.wording.headline);
  text('[data-status-product]', `${view.product}, reference ${view.reference}`);
  text('[data-status-explanation]', view.wording.explanation);
  text('[data-status-next]', view.wording.next_step);
  const block = document.querySelector<HTMLElement>('[data-status-message-block]');
  if (block) block.hidden = !view.information_request;
  text('[data-status-message]', view.information_request ?? '');
  result.hidden = false;
  result.dataset['status'] = view.status;
  result.focus();
}

/** Opens the status behind the link in the address bar's fragment, if there is one. */
function openFromLink(): void {
  const token = new URLSearchParams(location.hash.slice(1)).get('token');
  if (!token) return;
  // The link is single use: take it out of the address bar before asking.
  history.replaceState(null, '', location.pathname);
  void post<ApplicationStatusView>('/api/application-status/open', { token }).then((answer) => {
    if (answer.ok) show(answer.value);
    else say(answer.error);
  });
}

openFromLink();
// A second link opened in the same tab changes only the fragment.
addEventListener('hashchange', openFromLink);

form?.addEventListener('submit', (event) => {
  event.preventDefault();
  const data = new FormData(form);
  const reference = String(data.get('reference') ?? '').trim();
  const email = String(data.get('email') ?? '').trim();
  if (!reference || !email) {
    say('Enter your reference and email.');
    return;
  }
  void post<StatusLinkSent>('/api/application-status/link', { reference, email }).then((answer) => {
    say(answer.ok ? answer.value.message : answer.error);
  });
});
