// The applicant's status page: asks for a one-time link (the same answer whether or not the
// application exists) and, opened from that link, shows the status in core's words. The link's
// token is in the URL's fragment, so it never reaches a server log or a Referer.
// An application waiting for information can be answered here (a message and documents): the
// limits come from the server (core's rules), which reads each file's content to judge its type.
// The answer form's token goes in `Authorization`, so the server checks it before it reads the
// documents. A declined application shows the reason the decline email gave.
import type {
  AnswerDocument,
  AnswerForm,
  ApplicationStatusView,
  InformationAnswer,
  StaffErrorBody,
  StatusLinkSent,
} from 'banksia-wire';

const form = document.querySelector<HTMLFormElement>('[data-status-form]');
const note = document.querySelector<HTMLElement>('[data-status-note]');
const result = document.querySelector<HTMLElement>('[data-status-result]');
const answerForm = document.querySelector<HTMLFormElement>('[data-answer-form]');
const answerError = document.querySelector<HTMLElement>('[data-answer-error]');
const fileInput = document.querySelector<HTMLInputElement>('#answer-files');
const fileList = document.querySelector<HTMLElement>('[data-answer-files]');
/** The answer form of the status on screen, while information is requested. */
let currentAnswer: AnswerForm | null = null;

function say(text: string): void {
  if (!note) return;
  note.textContent = text;
  note.hidden = false;
}

function text(selector: string, value: string): void {
  const element = document.querySelector<HTMLElement>(selector);
  if (element) element.textContent = value;
}

async function post<T>(
  path: string,
  body: unknown,
  token?: string,
): Promise<{ ok: true; value: T } | { ok: false; error: string }> {
  try {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers['authorization'] = `Bearer ${token}`;
    const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
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
  // Declined: why and what next, as the decline email said them.
  const decline = document.querySelector<HTMLElement>('[data-status-decline]');
  if (decline) decline.hidden = !view.decline;
  text('[data-status-decline-reason]', view.decline?.reason ?? '');
  if (view.decline) text('[data-status-next]', view.decline.next_step);
  document.querySelector('[data-status-complaints]')?.replaceChildren(
    ...(view.decline?.complaints ?? []).map((words) => {
      const paragraph = document.createElement('p');
      paragraph.textContent = words;
      return paragraph;
    }),
  );
  result.hidden = false;
  result.dataset['status'] = view.status;
  showAnswerForm(view.answer);
  result.focus();
}

function megabytes(bytes: number): string {
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}

function sizeLabel(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

function showAnswerForm(answer: AnswerForm | null): void {
  currentAnswer = answer;
  if (!answerForm) return;
  answerForm.hidden = !answer;
  if (!answer) return;
  text(
    '[data-answer-limits]',
    `Attach up to ${answer.max_documents} documents: ${answer.accepted_types} files, up to ${megabytes(answer.max_document_bytes)} each. We check what each file contains, so renaming a file doesn't change its type. Send your answer within ${answer.minutes} minutes.`,
  );
  text('[data-answer-message-help]', answer.message_help);
  fileInput?.setAttribute('accept', answer.accept);
  answerForm.querySelector('textarea')?.setAttribute('maxlength', String(answer.max_message_chars));
}

function answerSays(message: string | null): void {
  if (!answerError) return;
  answerError.textContent = message ?? '';
  answerError.hidden = !message;
  const described = message ? 'answer-message-help answer-error' : 'answer-message-help';
  answerForm?.querySelector('textarea')?.setAttribute('aria-describedby', described);
}

function listFiles(): void {
  if (!fileList || !fileInput) return;
  fileList.replaceChildren(
    ...Array.from(fileInput.files ?? []).map((file) => {
      const item = document.createElement('li');
      item.textContent = `${file.name} (${sizeLabel(file.size)})`;
      return item;
    }),
  );
}

/** A file as the answer's JSON carries it: its name (for the server's messages) and bytes as base64. */
function documentOf(file: File): Promise<AnswerDocument> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result ?? '');
      resolve({ name: file.name, content: url.slice(url.indexOf(',') + 1) });
    };
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

/** What is wrong with the answer before it is sent (the server checks again, and the type). */
function checkAnswer(answer: AnswerForm, message: string, files: File[]): string | null {
  if (files.length > answer.max_documents) {
    return `You can attach up to ${answer.max_documents} documents. Remove one and send again.`;
  }
  const big = files.find((file) => file.size > answer.max_document_bytes);
  if (big) {
    return `${big.name} is larger than ${megabytes(answer.max_document_bytes)}. Send a smaller copy (a photo at a lower resolution, or the pages as separate files).`;
  }
  const empty = files.find((file) => file.size === 0);
  if (empty) return `${empty.name} is empty. Choose the file again.`;
  if (!message.trim() && files.length === 0) return 'Write a message or attach at least one document.';
  return null;
}

fileInput?.addEventListener('change', () => {
  listFiles();
  answerSays(null);
});

answerForm?.addEventListener('submit', (event) => {
  event.preventDefault();
  const answer = currentAnswer;
  if (!answer || !answerForm) return;
  const message = String(new FormData(answerForm).get('message') ?? '');
  const files = Array.from(fileInput?.files ?? []);
  const problem = checkAnswer(answer, message, files);
  if (problem) {
    answerSays(problem);
    answerError?.focus();
    return;
  }
  const button = answerForm.querySelector<HTMLButtonElement>('[data-answer-send]');
  if (button) {
    button.disabled = true;
    button.textContent = 'Sending…';
  }
  answerSays(null);
  void Promise.all(files.map(documentOf))
    .then((documents) => {
      const body: InformationAnswer = { message, documents };
      return post<ApplicationStatusView>('/api/application-status/answer', body, answer.token);
    })
    .catch(() => ({ ok: false as const, error: 'We could not read one of your files. Choose it again.' }))
    .then((sent) => {
      if (button) {
        button.disabled = false;
        button.textContent = 'Send my answer';
      }
      if (sent.ok) {
        // Done: the status says so; the form (and what was typed) is no longer needed.
        answerForm.reset();
        listFiles();
        show(sent.value);
        say('Thank you: we have your answer.');
      } else {
        // Nothing typed or chosen is cleared: fix what the message says and send again. The
        // button was disabled while sending, so focus goes to the words (a screen reader reads them).
        answerSays(sent.error);
        answerError?.focus();
      }
    });
});

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
