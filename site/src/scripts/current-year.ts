/**
 * The footer's copyright year is rendered at build time; a page served in a later year corrects it
 * here, so it is right on the day it is viewed.
 */
export function showCurrentYear(root: ParentNode, today: Date): void {
  const year = String(today.getFullYear());
  for (const element of root.querySelectorAll<HTMLElement>('[data-current-year]')) {
    if (element.textContent !== year) element.textContent = year;
  }
}
