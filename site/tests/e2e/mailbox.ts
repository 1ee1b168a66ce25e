/**
 * The mail worker's `.eml` files as text, for the browser tests that follow an email: each
 * file's headers unfolded and its bodies decoded (quoted-printable or base64), and the one-time
 * status link an applicant is sent.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, type Page } from '@playwright/test';

export const MAIL_DIR = process.env['E2E_MAIL_DIR'] ?? resolve(process.cwd(), '../.data/mail');

function decode(raw: string): string {
  const base64Parts = [...raw.matchAll(/Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/g)].map((m) =>
    Buffer.from(m[1]!.replace(/\s/g, ''), 'base64').toString('utf8'),
  );
  const unquoted = raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return [unquoted.replace(/\r?\n[ \t]+/g, ' '), ...base64Parts].join('\n');
}

/** Every email so far, as text. */
export function mailbox(): string[] {
  let names: string[];
  try {
    names = readdirSync(MAIL_DIR).filter((name) => name.endsWith('.eml'));
  } catch {
    return [];
  }
  return names.map((name) => decode(readFileSync(join(MAIL_DIR, name), 'utf8')));
}

/** The emails containing every one of `needles`. */
export const emailsWith = (...needles: string[]) => mailbox().filter((text) => needles.every((n) => text.includes(n)));

const STATUS_LINK = /http:\/\/localhost:\d+\/application-status\/#token=[A-Za-z0-9_-]{43}/g;

/** Asks for a status link on the page as the applicant would, and waits for the new one. */
export async function requestStatusLink(page: Page, origin: string, reference: string, email: string): Promise<string> {
  const links = () => new Set(emailsWith('Your link to check application', reference).flatMap((text) => text.match(STATUS_LINK) ?? []));
  const before = links();
  await page.goto(`${origin}/application-status`);
  await page.getByLabel('Reference').fill(reference);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send me a link' }).click();
  await expect(page.locator('[data-status-note]')).toContainText("we've emailed a link");
  let link = '';
  await expect
    .poll(
      () => {
        link = [...links()].find((found) => !before.has(found)) ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}
