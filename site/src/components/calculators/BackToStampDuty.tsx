/**
 * The link back to the stamp duty calculator with the visitor's figures (stampDutyLink's
 * `useStampDutyReturn`), shown only when they came from there.
 */
export default function BackToStampDuty({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <p className="calc-handoff">
      <a href={href} data-testid="back-to-stamp-duty">
        Back to your stamp duty and cash on the day
      </a>
    </p>
  );
}
