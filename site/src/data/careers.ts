/** The roles /careers advertises, each with where, how and until when applications are taken. */

export interface Role {
  id: string;
  title: string;
  team: string;
  location: string;
  /** Full-time, part-time, contract, or a graduate program. */
  kind: string;
  /** What the role does, in two sentences or so. */
  summary: string;
  /** The last day applications are taken (ISO yyyy-mm-dd, Melbourne time). */
  closes: string;
}

export const roles: readonly Role[] = [
  {
    id: 'customer-service-consultant',
    title: 'Customer Service Consultant',
    team: 'Customer Care',
    location: 'Melbourne VIC, on site',
    kind: 'Full-time or part-time, permanent',
    summary:
      'Answer our customers on the phone and in the app: payments, cards, accounts and the odd hard day. Full training, ' +
      'rostered weekday hours and no sales targets.',
    closes: '2026-12-18',
  },
  {
    id: 'home-lending-specialist',
    title: 'Home Lending Specialist',
    team: 'Home Lending',
    location: 'Melbourne VIC, hybrid',
    kind: 'Full-time, permanent',
    summary:
      'Guide first home buyers and refinancers from enquiry to settlement and assess applications against responsible ' +
      'lending obligations. A Certificate IV in Finance and Mortgage Broking or lending experience is required.',
    closes: '2027-01-15',
  },
  {
    id: 'financial-crime-analyst',
    title: 'Financial Crime Analyst',
    team: 'Risk',
    location: 'Melbourne VIC, hybrid',
    kind: 'Full-time, permanent',
    summary:
      'Investigate suspicious transactions and scams, report to AUSTRAC, and help customers who have been targeted get ' +
      'their money back where it can be.',
    closes: '2027-01-29',
  },
  {
    id: 'graduate-software-engineer',
    title: 'Graduate Software Engineer',
    team: 'Technology',
    location: 'Melbourne VIC, hybrid',
    kind: '2027 graduate program, 18 months',
    summary:
      'Build the website, the application service and the tools our staff use, in Rust and TypeScript, with three ' +
      'rotations and a mentor in each.',
    closes: '2027-03-05',
  },
];

/** The roles still open on `today` (ISO yyyy-mm-dd): a role closes at the end of its last day. */
export function openRoles(today: string, list: readonly Role[] = roles): Role[] {
  return list.filter((role) => role.closes >= today);
}
