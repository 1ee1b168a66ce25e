/**
 * The one brand configuration. Every page, the header and the footer read the bank's name,
 * legal name, contact details and store links from here, so they never disagree. The name, legal
 * identity, main phone lines, hours and email are banksia-core's (`contactDetails`, read from the
 * WASM package at build time), the statement the server's confirmation email quotes too.
 */
import { contactDetails } from 'banksia-core/application';

/** Core's contact details (`banksia_core::contact::CONTACT`). */
const contact = contactDetails();

export interface ContactLink {
  /** What a person reads, e.g. "13 22 65". */
  readonly label: string;
  /** The tel: or mailto: target. */
  readonly href: string;
}

export const brand = {
  name: contact.name,
  shortName: 'Banksia',
  /** The single legal entity named on every page. The ABN carries a valid check digit. */
  legalName: contact.legal_name,
  abn: contact.abn,
  licence: contact.licence,
  legalLine: contact.legal_line,
  siteUrl: contact.site_url,
  tagline: "If you have a dream, we're on your team.",
  phone: contact.phone satisfies ContactLink,
  overseasPhone: contact.overseas_phone satisfies ContactLink,
  /** When the main line answers. Written without brackets so it can sit inside a bracket of its own. */
  phoneHours: contact.phone_hours,
  /**
   * Lost or stolen cards and suspected fraud: the one line answered around the clock. Copy that
   * promises urgent help "any time" names this line, never the main one.
   */
  urgentPhone: {
    label: '1800 226 574',
    href: 'tel:1800226574',
  } satisfies ContactLink,
  urgentPhoneHours: '24 hours a day, 7 days a week',
  email: contact.email satisfies ContactLink,
  accessibilityEmail: {
    label: 'accessibility@banksia.bank',
    href: 'mailto:accessibility@banksia.bank',
  } satisfies ContactLink,
  privacyEmail: {
    label: 'privacy@banksia.bank',
    href: 'mailto:privacy@banksia.bank',
  } satisfies ContactLink,
  headOffice: {
    lines: ['Level 18, 420 Flinders Lane', 'Melbourne VIC 3000'],
    street: 'Level 18, 420 Flinders Lane',
    locality: 'Melbourne',
    region: 'VIC',
    postcode: '3000',
    country: 'Australia',
  },
  apps: {
    ios: {
      label: 'Download on the App Store',
      href: 'https://apps.apple.com/au/app/banksia-bank/id6451234567',
    },
    android: {
      label: 'Get it on Google Play',
      href: 'https://play.google.com/store/apps/details?id=bank.banksia.mobile',
    },
    /** Store rating shown in the footer. */
    rating: '4.8/5 (12,000+ reviews)',
  },
} as const;

export type Brand = typeof brand;
