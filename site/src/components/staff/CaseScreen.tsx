// The case view: one application, what the server says this person may do to it, and the
// feedback of each step. Every rule is the server's (core's `review`): the console offers the
// actions, claims and reveals the case view lists, asks before a final action, and shows what the
// server answered. A message stays until the next step, beside what it is about; a reload after
// a change never clears it.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type {
  ActionKind,
  ActionPreview,
  ActionRequest,
  CaseView,
  ClaimRequest,
  ActionDone,
  DeclineReason,
  NoteView,
  Recommendation,
  RevealReason,
  RevealedField,
  StaffErrorBody,
  WithdrawalChannel,
} from 'banksia-wire';
import { staffApi, type Answer } from './api';
import { sydneyTime } from './time';
import CustomerDetails from './CustomerDetails';
import InformationResponse from './InformationResponse';

/** Where a message is shown: beside the part of the case it is about. */
type Place = 'assignment' | 'actions' | 'note' | 'identification_number' | 'tax_file_number';
type Feedback = { place: Place; text: string; alert: boolean; kept?: { label: string; text: string }; focus?: boolean };

/** A moment as the bank's staff read it: Sydney's clock, said so. */
export function SydneyTime({ at }: { at: string }) {
  return <time dateTime={at}>{sydneyTime(at)}</time>;
}

/** The message of `place`: a status region for news, an alert for a refusal, both always in the
 * page so screen readers hear what arrives in them. */
function Message({ feedback, place }: { feedback: Feedback | null; place: Place }) {
  const mine = feedback?.place === place ? feedback : null;
  // After a step that succeeded the focus goes to what it produced (the message beside the
  // case's new state), so a keyboard user carries on from there, not from the top of the page.
  const news = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (mine?.focus && !mine.alert) news.current?.focus();
  }, [mine]);
  return (
    <div className="staff-feedback" data-feedback={place}>
      <p role="status" className="staff-message" tabIndex={-1} ref={news}>
        {mine && !mine.alert ? mine.text : ''}
      </p>
      <div role="alert" className="staff-alert-region">
        {mine?.alert && (
          <div className="staff-alert">
            <p>{mine.text}</p>
            {mine.kept && (
              <>
                <label htmlFor={`kept-${place}`}>{mine.kept.label} (kept so you can copy it)</label>
                <textarea id={`kept-${place}`} readOnly rows={3} value={mine.kept.text} />
              </>
            )}
          </div>
        )}
      </div>
    </div>
  );
}

/** A sealed number's audited reveal: the reason first, then the number until Hide or the
 * server's time limit. */
function Reveal({
  view,
  field,
  masked,
  onFeedback,
}: {
  view: CaseView;
  field: RevealedField;
  masked: string;
  onFeedback: (feedback: Feedback) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<RevealReason | ''>('');
  const [value, setValue] = useState<string | null>(null);
  const [hiddenByHand, setHiddenByHand] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  const revealButton = useRef<HTMLButtonElement>(null);
  // Hide puts the focus back on Reveal (the button it replaced).
  useEffect(() => {
    if (hiddenByHand && value === null) {
      revealButton.current?.focus();
      setHiddenByHand(false);
    }
  }, [hiddenByHand, value]);
  const name = field === 'tax_file_number' ? 'tax file number' : 'identification number';
  useEffect(() => {
    if (asking) select.current?.focus();
  }, [asking]);
  useEffect(() => {
    if (value === null) return;
    const timer = setTimeout(() => setValue(null), view.reveal_shown_seconds * 1000);
    return () => clearTimeout(timer);
  }, [value, view.reveal_shown_seconds]);
  if (value !== null) {
    return (
      <>
        <span data-revealed={field}>{value}</span>
        <button
          type="button"
          className="staff-link"
          onClick={() => {
            setValue(null);
            setHiddenByHand(true);
          }}
        >
          Hide
        </button>
        <span className="staff-hint">Hidden again after {view.reveal_shown_seconds} seconds.</span>
      </>
    );
  }
  return (
    <>
      {masked}
      {!asking ? (
        <button type="button" className="staff-link" ref={revealButton} onClick={() => setAsking(true)}>
          Reveal {name}
        </button>
      ) : (
        <form
          className="staff-reveal"
          onSubmit={async (e) => {
            e.preventDefault();
            if (!reason) {
              onFeedback({ place: field, text: `Choose why you need to see the ${name}.`, alert: true });
              return;
            }
            const answer = await staffApi.reveal(view.reference, { field, reason });
            if (answer.ok) {
              setValue(answer.value.value);
              setAsking(false);
              setReason('');
              onFeedback({ place: field, text: `The ${name} is shown; the reveal and its reason are recorded.`, alert: false });
            } else onFeedback({ place: field, text: answer.error.error, alert: true });
          }}
        >
          <label htmlFor={`reveal-reason-${field}`}>Why do you need to see it? (recorded)</label>
          <select id={`reveal-reason-${field}`} ref={select} value={reason} onChange={(e) => setReason(e.target.value as RevealReason)}>
            <option value="">Choose a reason</option>
            {view.reveal_reasons.map((r) => (
              <option key={r.code} value={r.code}>
                {r.label}
              </option>
            ))}
          </select>
          <div className="staff-actions">
            <button className="button button--secondary" type="submit">
              Reveal (recorded)
            </button>
            <button type="button" className="button button--secondary" onClick={() => setAsking(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </>
  );
}

/** A step that asks before it acts: a group named by its question, what it restates, and Yes or
 * Cancel. The focus lands on the question (to read what is restated first) or on Yes. */
function ConfirmStep({
  headingId,
  question,
  yes,
  yesClass = 'button',
  focus,
  busy = false,
  onYes,
  onCancel,
  data,
  children,
}: {
  headingId: string;
  question: string;
  yes: string;
  yesClass?: string;
  focus: 'question' | 'yes';
  busy?: boolean;
  onYes: () => void;
  onCancel: () => void;
  data?: string;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    (focus === 'question' ? heading : yesButton).current?.focus();
  }, [focus]);
  return (
    <div className="staff-card staff-confirm" role="group" aria-labelledby={headingId} data-confirm={data}>
      <h3 id={headingId} tabIndex={focus === 'question' ? -1 : undefined} ref={heading}>
        {question}
      </h3>
      {children}
      <div className="staff-actions">
        <button type="button" className={yesClass} ref={yesButton} disabled={busy} onClick={onYes}>
          {yes}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** How each action's button looks: a final action never looks like a harmless one. */
function buttonClass(kind: ActionKind): string {
  switch (kind) {
    case 'approve':
    case 'confirm_approval':
      return 'button';
    case 'decline':
      return 'button button--danger';
    case 'record_withdrawal':
      return 'button button--danger-outline';
    default:
      return 'button button--secondary';
  }
}

const FINAL: readonly ActionKind[] = ['approve', 'confirm_approval', 'decline', 'record_withdrawal'];

/** The form's fields, kept across a refusal so nothing typed is lost. */
type Draft = {
  message: string;
  reason: DeclineReason | '';
  rationale: string;
  recommendation: Recommendation | '';
  channel: WithdrawalChannel | '';
  requestedAt: string;
};
const EMPTY: Draft = { message: '', reason: '', rationale: '', recommendation: '', channel: '', requestedAt: '' };

export default function CaseScreen({ reference, back }: { reference: string; back: () => void }) {
  const [view, setView] = useState<CaseView | null>(null);
  const [loadError, setLoadError] = useState('Loading…');
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [chosen, setChosen] = useState<ActionKind | null>(null);
  const [confirming, setConfirming] = useState(false);
  // What core says the chosen action will do (`…/actions/check`), shown by the confirm step.
  const [preview, setPreview] = useState<ActionPreview | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [note, setNote] = useState('');
  const [takingOver, setTakingOver] = useState(false);
  const [handTo, setHandTo] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const actionForm = useRef<HTMLFormElement>(null);
  // A reload refreshes the case only: the message of the step that caused it stays.
  const load = useCallback(async () => {
    const answer = await staffApi.caseView(reference);
    if (answer.ok) {
      setView(answer.value);
      setLoadError('');
    } else setLoadError(answer.error.error);
    return answer.ok ? answer.value : null;
  }, [reference]);
  const focused = useRef(false);
  useEffect(() => {
    void load();
  }, [load]);
  useEffect(() => {
    if (view && !focused.current) {
      focused.current = true;
      heading.current?.focus();
    }
  }, [view]);
  // The form's first field takes focus when the form opens (the message box of a request).
  useEffect(() => {
    if (chosen && !confirming) actionForm.current?.querySelector<HTMLElement>('textarea, select, input')?.focus();
  }, [chosen, confirming]);
  if (!view) return <p role="status">{loadError}</p>;
  const label = (kind: ActionKind) => view.actions.find((a) => a.kind === kind)?.label ?? kind;
  const set = (field: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: e.target.value }));

  /** A step's answer: its message, where it belongs; on a 409 the reason, the form closed when
   * its action is no longer possible (what was typed kept beside the message). */
  async function settle<T>(answer: Answer<T>, place: Place, done: string | ((value: T) => string), typed?: { label: string; text: string }) {
    setBusy(false);
    if (answer.ok) {
      await load();
      setFeedback({ place, text: typeof done === 'string' ? done : done(answer.value), alert: false, focus: true });
      return true;
    }
    const error: StaffErrorBody = answer.error;
    let text = error.error;
    let kept: Feedback['kept'];
    if (answer.status === 409 && chosen && place === 'actions') {
      const still = error.current?.allowed_actions.includes(chosen) ?? false;
      if (!still) {
        text = `${text} The ${label(chosen).toLowerCase()} form is closed because that is no longer possible.`;
        setChosen(null);
        setConfirming(false);
        kept = typed && typed.text.trim() ? typed : undefined;
      } else setConfirming(false);
    } else if (place === 'actions') setConfirming(false);
    setFeedback(kept ? { place, text, alert: true, kept } : { place, text, alert: true });
    await load();
    return false;
  }

  /** The command as the wire carries it (core's `ActionCommand`, a union tagged by `action`):
   * each action's own fields, nothing else; what is still empty goes as null and core says what
   * is missing. */
  function request(kind: ActionKind): ActionRequest {
    const version = view?.state.version ?? 0;
    const rationale = draft.rationale;
    switch (kind) {
      case 'request_information':
        return { version, action: kind, message: draft.message };
      case 'resume_review':
        return { version, action: kind };
      case 'recommend':
        return { version, action: kind, recommendation: draft.recommendation || null, rationale };
      case 'approve':
      case 'confirm_approval':
        return { version, action: kind, rationale };
      case 'decline':
        return { version, action: kind, reason: draft.reason || null, rationale };
      case 'record_withdrawal':
        return { version, action: kind, channel: draft.channel || null, requested_at: draft.requestedAt || null };
    }
  }

  /** Before a final action's confirm step: core's rules on the command (a decline's reason, a
   * withdrawal's time, the texts, the case's state) and what it will do, nothing stored. A
   * refusal stays on the form with what was typed. */
  async function check(kind: ActionKind) {
    if (!view) return;
    setBusy(true);
    setFeedback(null);
    const answer = await staffApi.checkAction(view.reference, { ...request(kind), version: view.state.version });
    setBusy(false);
    if (answer.ok) {
      setPreview(answer.value);
      setConfirming(true);
    } else await settle(answer, 'actions', '');
  }

  async function act(kind: ActionKind) {
    if (!view) return;
    setBusy(true);
    const body = { ...request(kind), version: view.state.version };
    const typed = kind === 'request_information' ? { label: 'Your message', text: draft.message } : { label: 'Your rationale', text: draft.rationale };
    // What was done, in core's words (a business account's first approval says it waits).
    const ok = await settle(await staffApi.act(view.reference, body), 'actions', (answer) => answer.done, typed);
    if (ok) {
      setChosen(null);
      setConfirming(false);
      setDraft(EMPTY);
    }
  }

  function choose(kind: ActionKind) {
    setFeedback(null);
    setConfirming(false);
    if (kind === 'resume_review') {
      setChosen(null);
      void act(kind);
    } else setChosen(kind);
  }

  /** A claim, release or take-over: the call with the version seen, core's words for it beside the holder. */
  const changeHolder = (call: (reference: string, body: ClaimRequest) => Promise<Answer<ActionDone>>) => async () => {
    setFeedback(null);
    await settle(await call(view.reference, { version: view.state.version }), 'assignment', (answer) => answer.done);
  };

  const assigned = view.assigned_to_me ? 'you' : (view.assigned_to ?? 'nobody');
  const isFinal = chosen !== null && FINAL.includes(chosen);
  const reasonLabel = view.decline_reasons.find((r) => r.code === draft.reason)?.label;
  const channelLabel = view.withdrawal_channels.find((c) => c.code === draft.channel)?.label;
  return (
    <article aria-labelledby="case-heading" className="staff-case">
      <button type="button" className="staff-link staff-back" onClick={back}>
        ← Back to the queue
      </button>
      <h1 id="case-heading" tabIndex={-1} ref={heading}>
        {view.reference}
      </h1>
      <p>
        {view.applicant_name && <>{view.applicant_name} · </>}
        {view.account_label} · <strong data-case-status>{view.status_label}</strong>
        {view.state.approval_pending && ' (waiting for a second approver)'} · {view.age_business_days} business days
        {view.overdue && <span className="staff-badge staff-badge--overdue">Overdue</span>}
      </p>

      <section aria-labelledby="assignment-heading" className="staff-assignment">
        <h2 id="assignment-heading" className="visually-hidden">
          Who holds this application
        </h2>
        <p data-case-holder>
          Held by: <strong>{assigned}</strong>
        </p>
        <div className="staff-actions">
          {view.can_claim && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={changeHolder(staffApi.claim)}>
              Claim
            </button>
          )}
          {view.can_release && (
            <button type="button" className="button button--secondary" disabled={busy} onClick={changeHolder(staffApi.release)}>
              Release
            </button>
          )}
          {view.can_take_over && !takingOver && (
            <button type="button" className="button button--secondary" onClick={() => setTakingOver(true)}>
              Take over from {view.assigned_to}
            </button>
          )}
        </div>
        {takingOver && (
          <ConfirmStep
            headingId="take-over-heading"
            question={`Take over from ${view.assigned_to}?`}
            yes="Yes, take over"
            focus="yes"
            onYes={() => {
              setTakingOver(false);
              void changeHolder(staffApi.takeOver)();
            }}
            onCancel={() => setTakingOver(false)}
          >
            <p>You will hold this application instead of them. The take-over is recorded in the audit log.</p>
          </ConfirmStep>
        )}
        {view.reassign_to.length > 0 && (
          <form
            className="staff-inline-form"
            onSubmit={async (e) => {
              e.preventDefault();
              const to = Number(handTo);
              const name = view.reassign_to.find((c) => c.id === to)?.name;
              if (!name) {
                setFeedback({ place: 'assignment', text: 'Choose the colleague to hand it to.', alert: true });
                return;
              }
              setFeedback(null);
              if (await settle(await staffApi.reassign(view.reference, { version: view.state.version, to }), 'assignment', (answer) => answer.done)) setHandTo('');
            }}
          >
            <label htmlFor="hand-to">Hand it to a colleague</label>
            <select id="hand-to" value={handTo} onChange={(e) => setHandTo(e.target.value)}>
              <option value="">Choose a colleague</option>
              {view.reassign_to.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            <button className="button button--secondary" type="submit">
              Hand over
            </button>
          </form>
        )}
        <Message feedback={feedback} place="assignment" />
      </section>

      <section aria-labelledby="actions-heading">
        <h2 id="actions-heading">Actions</h2>
        {view.actions.length === 0 ? (
          <p className="staff-hint">
            {view.state.status === 'approved' || view.state.status === 'declined' || view.state.status === 'withdrawn'
              ? 'This application is decided: nothing more can be done to it.'
              : view.can_take_over
                ? `${view.assigned_to} holds this application: take it over to act on it.`
                : 'Your roles allow no action on this application now.'}
          </p>
        ) : (
          <div className="staff-actions">
            {view.actions.map((offer) => (
              <button key={offer.kind} type="button" className={buttonClass(offer.kind)} aria-pressed={chosen === offer.kind} disabled={busy} onClick={() => choose(offer.kind)}>
                {offer.label}
              </button>
            ))}
          </div>
        )}
        {chosen && !confirming && (
          <form
            ref={actionForm}
            className="staff-card"
            aria-labelledby="action-form-heading"
            onSubmit={(e) => {
              e.preventDefault();
              if (isFinal) void check(chosen);
              else void act(chosen);
            }}
          >
            <h3 id="action-form-heading">{label(chosen)}</h3>
            {chosen === 'request_information' && (
              <>
                <label htmlFor="info-message">Message to the applicant</label>
                <textarea id="info-message" rows={5} value={draft.message} onChange={set('message')} />
              </>
            )}
            {chosen === 'recommend' && (
              <fieldset className="staff-choices">
                <legend>Recommendation</legend>
                {view.recommendation_options.map((r) => (
                  <label key={r.code} className="staff-check">
                    <input type="radio" name="recommendation" value={r.code} checked={draft.recommendation === r.code} onChange={set('recommendation')} />
                    {r.label}
                  </label>
                ))}
              </fieldset>
            )}
            {chosen === 'decline' && (
              <>
                <label htmlFor="decline-reason">Reason (the applicant is told at this level)</label>
                <select id="decline-reason" value={draft.reason} onChange={set('reason')}>
                  <option value="">Choose a reason</option>
                  {view.decline_reasons.map((r) => (
                    <option key={r.code} value={r.code}>
                      {r.label}
                    </option>
                  ))}
                </select>
              </>
            )}
            {chosen === 'record_withdrawal' && (
              <>
                <label htmlFor="withdrawal-channel">How did the applicant ask?</label>
                <select id="withdrawal-channel" value={draft.channel} onChange={set('channel')}>
                  <option value="">Choose how</option>
                  {view.withdrawal_channels.map((c) => (
                    <option key={c.code} value={c.code}>
                      {c.label}
                    </option>
                  ))}
                </select>
                <label htmlFor="withdrawal-at">When did they ask? (Sydney time)</label>
                <input id="withdrawal-at" type="datetime-local" value={draft.requestedAt} onChange={set('requestedAt')} />
              </>
            )}
            {['approve', 'confirm_approval', 'decline', 'recommend'].includes(chosen) && (
              <>
                <label htmlFor="rationale">Internal rationale (not shown to the applicant)</label>
                <textarea id="rationale" rows={4} value={draft.rationale} onChange={set('rationale')} />
              </>
            )}
            <div className="staff-actions">
              <button className="button" type="submit" disabled={busy}>
                {chosen === 'request_information' ? 'Send request' : chosen === 'recommend' ? 'Record recommendation' : 'Continue'}
              </button>
              <button type="button" className="button button--secondary" onClick={() => setChosen(null)}>
                Cancel
              </button>
            </div>
          </form>
        )}
        {chosen && confirming && preview && (
          <ConfirmStep
            headingId="confirm-heading"
            question={preview.question}
            yes={preview.yes}
            yesClass={buttonClass(chosen)}
            focus="question"
            busy={busy}
            onYes={() => void act(chosen)}
            onCancel={() => setConfirming(false)}
            data={chosen}
          >
            <dl className="staff-answers">
              <div>
                <dt>Applicant</dt>
                <dd>{view.applicant_name ?? '(personal data erased)'}</dd>
              </div>
              <div>
                <dt>Account</dt>
                <dd>
                  {view.account_label} ({view.reference})
                </dd>
              </div>
              <div>
                <dt>Decision</dt>
                <dd>{label(chosen)}</dd>
              </div>
              {chosen === 'decline' && (
                <div>
                  <dt>Reason</dt>
                  <dd>{reasonLabel ?? 'None chosen'}</dd>
                </div>
              )}
              {chosen === 'record_withdrawal' && (
                <div>
                  <dt>Asked</dt>
                  <dd>
                    {channelLabel ?? 'How not chosen'}, {draft.requestedAt ? `${draft.requestedAt.replace('T', ' at ')} Sydney time` : 'when not given'}
                  </dd>
                </div>
              )}
              {draft.rationale && chosen !== 'record_withdrawal' && (
                <div>
                  <dt>Rationale</dt>
                  <dd className="staff-pre">{draft.rationale}</dd>
                </div>
              )}
            </dl>
            <ul className="staff-effects" data-effects>
              {preview.effects.map((effect) => (
                <li key={effect}>{effect}</li>
              ))}
            </ul>
          </ConfirmStep>
        )}
        <Message feedback={feedback} place="actions" />
      </section>

      {view.information_request && (
        <section aria-labelledby="request-heading">
          <h2 id="request-heading">Information requested</h2>
          <p className="staff-pre">{view.information_request}</p>
        </section>
      )}

      <InformationResponse reference={view.reference} version={view.state.version} />

      {(view.rationales.length > 0 || view.withdrawal || view.decline_reason) && (
        <section aria-labelledby="decisions-heading">
          <h2 id="decisions-heading">Decision record</h2>
          {view.rationales.length > 0 && (
            <ul className="staff-notes" data-rationales>
              {view.rationales.map((r, i) => (
                <li key={i}>
                  <strong>{r.label}</strong> by {r.by}, <SydneyTime at={r.at} />
                  <p className="staff-pre">{r.rationale ?? '(erased)'}</p>
                </li>
              ))}
            </ul>
          )}
          {view.decline_reason && <p>Decline reason: {view.decline_reason.label}</p>}
          {view.withdrawal && (
            <p data-withdrawal>
              The applicant asked to withdraw by {view.withdrawal.channel_label.toLowerCase()}, <SydneyTime at={view.withdrawal.requested_at} />.
            </p>
          )}
        </section>
      )}

      <h2>Answers</h2>
      {view.erased ? (
        <p>The personal data of this application was erased under the retention policy.</p>
      ) : (
        <dl className="staff-answers">
          {view.answers.map((row) => (
            <div key={row.field}>
              <dt>{row.label}</dt>
              <dd>
                {row.field === 'identification_number' && view.can_reveal ? (
                  <Reveal view={view} field="identification_number" masked={row.value} onFeedback={setFeedback} />
                ) : (
                  row.value
                )}
                {row.field === 'identification_number' && <Message feedback={feedback} place="identification_number" />}
                {(view.warnings[row.field] ?? []).map((w) => (
                  <span key={w} className="staff-warning">
                    {w}
                  </span>
                ))}
              </dd>
            </div>
          ))}
          <div>
            <dt>Initial deposit</dt>
            <dd>{view.initial_deposit ?? 'Not recorded'}</dd>
          </div>
          <div>
            <dt>Terms and conditions accepted</dt>
            <dd>{view.terms_version ? `Version ${view.terms_version}` : 'Version not recorded (applied before versions were kept)'}</dd>
          </div>
          <div>
            <dt>Privacy and collection notice shown</dt>
            <dd>{view.privacy_notice_version ? `Version ${view.privacy_notice_version}` : 'Version not recorded'}</dd>
          </div>
        </dl>
      )}
      {view.details && (
        <CustomerDetails
          details={view.details}
          tfnReveal={
            view.can_reveal_tfn && view.details.tax_residency?.tfn_masked ? (
              <>
                <Reveal view={view} field="tax_file_number" masked={view.details.tax_residency.tfn_masked} onFeedback={setFeedback} />
                <Message feedback={feedback} place="tax_file_number" />
              </>
            ) : undefined
          }
        />
      )}

      <h2 id="notes-heading">Notes</h2>
      <ul className="staff-notes" aria-labelledby="notes-heading">
        {view.notes.map((n: NoteView, i) => (
          <li key={i}>
            <strong>{n.author}</strong>, <SydneyTime at={n.at} />
            <p className="staff-pre">{n.body ?? '(erased)'}</p>
          </li>
        ))}
      </ul>
      {view.can_note && (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setFeedback(null);
            const answer = await staffApi.addNote(view.reference, { body: note });
            if (answer.ok) setNote('');
            await settle(answer, 'note', 'Note added.');
          }}
        >
          <label htmlFor="note-body">Add a note</label>
          <textarea id="note-body" rows={3} value={note} onChange={(e) => setNote(e.target.value)} />
          <button className="button button--secondary" type="submit">
            Add note
          </button>
        </form>
      )}
      <Message feedback={feedback} place="note" />
      <h2>Timeline</h2>
      <ol className="staff-timeline">
        {view.timeline.map((entry, i) => (
          <li key={i}>
            <SydneyTime at={entry.at} />: {entry.what}
            {entry.by && ` (${entry.by})`}
          </li>
        ))}
      </ol>
    </article>
  );
}
