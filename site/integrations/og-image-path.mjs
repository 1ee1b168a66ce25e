// @ts-check
/**
 * Where a page's Open Graph image is served: "/" -> /og/home.png, "/loans/home" ->
 * /og/loans/home.png. BaseLayout names it in og:image; the og-images integration draws it.
 * @param {string} pathname
 */
export function ogImagePath(pathname) {
  const path = pathname.replace(/^\/+|\/+$/g, '');
  return `/og/${path === '' ? 'home' : path}.png`;
}
