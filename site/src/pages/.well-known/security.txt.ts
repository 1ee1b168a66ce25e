import type { APIRoute } from 'astro';

/**
 * RFC 9116's security.txt: whom to tell about a vulnerability. `Expires` is a year after the
 * build (the RFC asks for less than a year ahead, so every release renews it).
 */
export const GET: APIRoute = ({ site }) => {
  const expires = new Date(Date.now() + 364 * 24 * 60 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, '.000Z');
  const lines = [
    'Contact: mailto:security@banksia.bank',
    `Expires: ${expires}`,
    'Preferred-Languages: en',
    `Canonical: ${new URL('/.well-known/security.txt', site).href}`,
    `Policy: ${new URL('/security', site).href}`,
  ];
  return new Response(`${lines.join('\n')}\n`, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
