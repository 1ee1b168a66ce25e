/**
 * The applicant's answers to information requests in the case view: each answer's time and
 * message, and its documents to download. A download is recorded in the audit log by the
 * server; the console only hands the file to the browser.
 */
import { useEffect, useState } from 'react';
import type { DocumentView, InformationResponses } from 'banksia-wire';
import { downloadDocument, staffApi } from './api';

const sydney = (at: string) =>
  new Date(at).toLocaleString('en-AU', { timeZone: 'Australia/Sydney', dateStyle: 'medium', timeStyle: 'short' });

export default function InformationResponse({ reference, version }: { reference: string; version: number }) {
  const [responses, setResponses] = useState<InformationResponses | null>(null);
  const [message, setMessage] = useState('');
  useEffect(() => {
    let live = true;
    void staffApi.information(reference).then((answer) => {
      if (!live) return;
      if (answer.ok) setResponses(answer.value);
      else setMessage(answer.error.error);
    });
    return () => {
      live = false;
    };
    // A new version may be a new answer.
  }, [reference, version]);

  async function download(document_: DocumentView) {
    setMessage(`Downloading ${document_.label}…`);
    const answer = await downloadDocument(reference, document_.id);
    if (!answer.ok) {
      setMessage(answer.error);
      return;
    }
    const url = URL.createObjectURL(answer.blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = document_.file_name;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    setMessage(`Downloaded ${document_.label} as ${document_.file_name}. The download is recorded in the audit log.`);
  }

  if (!responses || responses.responses.length === 0) {
    return message ? (
      <p role="status" className="staff-message">
        {message}
      </p>
    ) : null;
  }
  return (
    <section aria-labelledby="information-received-heading" className="staff-card" data-information-received>
      <h2 id="information-received-heading">Information received from the applicant</h2>
      {responses.responses.map((response, index) => (
        <div key={`${response.received_at}-${index}`} className="staff-information">
          <h3>Answer received {sydney(response.received_at)} (Sydney time)</h3>
          {response.message ? (
            <p className="staff-pre">{response.message}</p>
          ) : (
            <p>No message was written{response.documents.length > 0 ? ': the documents are the answer' : ''}.</p>
          )}
          {response.documents.length > 0 && (
            <ul className="staff-documents">
              {response.documents.map((document_) => (
                <li key={document_.id}>
                  <button type="button" className="button button--secondary" onClick={() => void download(document_)}>
                    Download {document_.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ))}
      <p role="status" className="staff-message" data-information-message>
        {message}
      </p>
    </section>
  );
}
