/**
 * Draws the site's bitmap icons from its one vector mark, public/favicon.svg, with the same
 * Chromium the browser tests use:
 *   public/favicon.ico          16, 32 and 48 px PNG images in one ICO file (browsers and tools
 *                               that ask for /favicon.ico without reading the page)
 *   public/apple-touch-icon.png 180 px, on the brand green (iOS fills transparent corners with black
 *                               and rounds the corners itself)
 * Run from site/ after changing the mark: `node tools/make-icons.mjs`. The outputs are committed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const PUBLIC = new URL('../public/', import.meta.url);
const BRAND_GREEN = '#1b4d3a';

const svg = await readFile(new URL('favicon.svg', PUBLIC), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run'],
});

/** The mark as a PNG of `size` square pixels, on `background` (transparent unless given). */
async function render(size, background = 'transparent') {
  const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
  const dataUrl = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  await page.setContent(
    `<style>html,body{margin:0;background:${background}}img{display:block;width:${size}px;height:${size}px}</style><img src="${dataUrl}">`,
  );
  await page.locator('img').evaluate((img) => img.decode());
  const png = await page.screenshot({ omitBackground: background === 'transparent', type: 'png' });
  await page.close();
  return png;
}

/** An ICO file holding PNG images (allowed since Windows Vista, read by every current browser). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, index) => {
    const entry = 6 + 16 * index;
    header.writeUInt8(size >= 256 ? 0 : size, entry); // width (0 means 256)
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1); // height
    header.writeUInt8(0, entry + 2); // no palette
    header.writeUInt8(0, entry + 3); // reserved
    header.writeUInt16LE(1, entry + 4); // colour planes
    header.writeUInt16LE(32, entry + 6); // bits per pixel
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map(({ png }) => png)]);
}

try {
  const sizes = [16, 32, 48];
  const images = [];
  for (const size of sizes) images.push({ size, png: await render(size) });
  await writeFile(new URL('favicon.ico', PUBLIC), ico(images));
  await writeFile(new URL('apple-touch-icon.png', PUBLIC), await render(180, BRAND_GREEN));
  console.log(`wrote favicon.ico (${sizes.join(', ')} px) and apple-touch-icon.png (180 px)`);
} finally {
  await browser.close();
}
