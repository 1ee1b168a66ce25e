// @ts-check
/**
 * A social preview image for every page: after the build, each page's title and description are
 * drawn on the bank's card (1200 x 630 PNG, the size Open Graph readers expect) and written to
 * /og/<page>.png, the address BaseLayout gives in og:image (`ogImagePath`). A link
 * shared to a chat or a feed then shows what the page is, not one picture for the whole site.
 * Drawn with sharp (libvips and librsvg) from an SVG; text uses the fonts installed on the build
 * machine, falling back along the font list.
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ogImagePath } from './og-image-path.mjs';

/** @param {string} text */
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * Words wrapped into lines of at most `width` characters, at most `lines` lines (the last ends in "...").
 * @param {string} text @param {number} width @param {number} lines
 */
function wrap(text, width, lines) {
  /** @type {string[]} */
  const out = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      out.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) out.push(line);
  if (out.length > lines) {
    out.length = lines;
    out[lines - 1] = `${(out[lines - 1] ?? '').replace(/[\s,.;:]+\S*$/, '')}...`;
  }
  return out;
}

/** @param {string} html @param {RegExp} pattern */
const attribute = (html, pattern) => {
  const found = pattern.exec(html)?.[1] ?? '';
  return found.replace(/&amp;/g, '&').replace(/&#39;/g, "'").replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>');
};

/**
 * The card for one page, as SVG.
 * @param {string} title @param {string} description
 */
export function cardSvg(title, description) {
  const font = "'Liberation Sans', 'DejaVu Sans', Arial, sans-serif";
  const titleLines = wrap(title, 26, 3);
  const titleTop = 260;
  const descriptionTop = titleTop + (titleLines.length - 1) * 76 + 70;
  // As many description lines as fit above the card's bottom margin (y 580), at most three.
  const descriptionLines = wrap(description, 58, Math.min(3, Math.floor((580 - descriptionTop) / 40) + 1));
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#1b4d3a"/>
      <stop offset="1" stop-color="#113528"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect x="80" y="96" width="72" height="8" rx="4" fill="#f2a72e"/>
  <text x="80" y="170" fill="#ffffff" font-family="${font}" font-size="40" font-weight="700">Banksia Bank</text>
  ${titleLines.map((line, index) => `<text x="80" y="${titleTop + index * 76}" fill="#ffffff" font-family="${font}" font-size="66" font-weight="700">${escape(line)}</text>`).join('\n  ')}
  ${descriptionLines.map((line, index) => `<text x="80" y="${descriptionTop + index * 40}" fill="#e6f0eb" font-family="${font}" font-size="30">${escape(line)}</text>`).join('\n  ')}
  <text x="1120" y="170" fill="#e6f0eb" font-family="${font}" font-size="26" text-anchor="end">banksia.bank</text>
</svg>`;
}

/** @returns {import('astro').AstroIntegration} */
export default function ogImages() {
  return {
    name: 'banksia-og-images',
    hooks: {
      'astro:build:done': async ({ dir, pages, logger }) => {
        const root = fileURLToPath(dir);
        let written = 0;
        for (const { pathname } of pages) {
          const path = `/${pathname}`.replace(/\/+$/, '') || '/';
          if (path === '/staff' || path.startsWith('/staff/')) continue;
          const html = await readFile(join(root, pathname, 'index.html'), 'utf8').catch(() => null);
          if (html === null) continue;
          const title = attribute(html, /<meta property="og:title" content="([^"]*)"/).replace(/ \| Banksia Bank$/, '');
          const description = attribute(html, /<meta property="og:description" content="([^"]*)"/);
          const target = join(root, ogImagePath(path));
          await mkdir(dirname(target), { recursive: true });
          await writeFile(target, await sharp(Buffer.from(cardSvg(title, description))).png({ compressionLevel: 9, palette: true }).toBuffer());
          written += 1;
        }
        logger.info(`${written} Open Graph images`);
      },
    },
  };
}
