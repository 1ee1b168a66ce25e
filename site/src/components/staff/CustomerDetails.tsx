/**
 * The case view's business and tax residency details (core's `CaseDetails`, loaded by
 * `server/src/staff/customer_details.rs`): the business with its ABN formatted and linked to
 * the public ABN Lookup (with the plain statement that only its check digit was verified), each
 * beneficial owner or controller, and each tax residency; the TFN arrives masked.
 */
import type { CaseAddress, CaseDetails, CaseForeignResidency } from 'banksia-wire';

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

const line = (address: CaseAddress) => address.line;

function Residencies({ heading, rows }: { heading: string; rows: readonly CaseForeignResidency[] }) {
  return (
    <>
      <h4>{heading}</h4>
      {rows.length === 0 ? (
        <p>Australia only.</p>
      ) : (
        <ul className="staff-details__list">
          {rows.map((row, index) => (
            <li key={index}>
              <strong>{row.country}</strong>:{' '}
              {row.tin ? (
                <>TIN {row.tin}</>
              ) : (
                <>
                  no TIN ({row.no_tin_reason}
                  {row.no_tin_explanation ? `: ${row.no_tin_explanation}` : ''})
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** `tfnReveal` replaces the masked TFN when the case view offers its audited reveal. */
export default function CustomerDetails({ details, tfnReveal }: { details: CaseDetails; tfnReveal?: React.ReactNode }) {
  const { business, tax_residency: tax } = details;
  return (
    <section className="staff-details" aria-labelledby="customer-details-heading">
      <h2 id="customer-details-heading">Business and tax details</h2>
      {business && (
        <>
          <h3>Business</h3>
          <dl className="staff-answers">
            <Row label="Legal form">{business.entity_type}</Row>
            <Row label="Legal name">{business.legal_name}</Row>
            {business.trading_name && <Row label="Trading name">{business.trading_name}</Row>}
            <Row label="ABN">
              <a href={business.abn_lookup_url} target="_blank" rel="noopener noreferrer">
                {business.abn} on ABN Lookup (opens in new tab)
              </a>
              <span className="staff-hint">{business.abn_note}</span>
            </Row>
            {business.acn && <Row label="ACN">{business.acn}</Row>}
            <Row label="Registered address">{line(business.address)}</Row>
            <Row label="Nature of business">{business.nature_of_business}</Row>
            <Row label="Applicant's role">{business.applicant_role}</Row>
          </dl>
          <h3>Beneficial owners and controllers</h3>
          <ol className="staff-details__owners">
            {business.owners.map((owner, index) => (
              <li key={index}>
                <dl className="staff-answers">
                  <Row label="Full name">{owner.full_name}</Row>
                  <Row label="Role">{owner.role}</Row>
                  <Row label="Share owned">{owner.ownership_percent}%</Row>
                  <Row label="Date of birth">{owner.date_of_birth}</Row>
                  <Row label="Home address">{line(owner.address)}</Row>
                </dl>
              </li>
            ))}
          </ol>
        </>
      )}
      <h3>Tax residency</h3>
      {tax ? (
        <>
          <dl className="staff-answers">
            <Row label="Tax file number">{tfnReveal ?? tax.tfn_masked ?? 'Not given'}</Row>
          </dl>
          <Residencies heading="The applicant's foreign tax residencies" rows={tax.countries} />
          {tax.business_countries && <Residencies heading="The business's foreign tax residencies" rows={tax.business_countries} />}
        </>
      ) : (
        <p>Not asked: this application was made before tax residency was collected.</p>
      )}
    </section>
  );
}
