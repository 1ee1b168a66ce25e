/**
 * Desktop dropdowns (disclosure pattern) and the mobile menu button.
 *
 * Without this script the dropdowns still open on hover and keyboard focus through CSS; with it,
 * aria-expanded follows the state, Escape closes, and focus leaving a group closes it.
 */

/** A click within this many ms of a hover- or focus-open keeps the menu open instead of toggling it shut. */
const CLICK_GRACE_MS = 400;

function setupGroup(group: HTMLElement, closeOthers: (except: HTMLElement) => void): (() => void) | undefined {
  const trigger = group.querySelector<HTMLButtonElement>('[data-nav-trigger]');
  const menu = group.querySelector<HTMLElement>('[data-nav-menu]');
  if (!trigger || !menu) return undefined;

  let openedAt = 0;
  let suppressFocusOpen = false;
  const isOpen = (): boolean => trigger.getAttribute('aria-expanded') === 'true';
  const setOpen = (open: boolean): void => {
    if (open === isOpen()) return;
    if (open) {
      closeOthers(group);
      openedAt = Date.now();
    }
    trigger.setAttribute('aria-expanded', String(open));
    group.toggleAttribute('data-open', open);
  };

  group.setAttribute('data-enhanced', '');
  const canHover = window.matchMedia('(hover: hover)');

  group.addEventListener('mouseenter', () => {
    if (canHover.matches) setOpen(true);
  });
  group.addEventListener('mouseleave', () => {
    if (canHover.matches && !group.contains(document.activeElement)) setOpen(false);
  });
  group.addEventListener('focusin', () => {
    if (suppressFocusOpen) {
      suppressFocusOpen = false;
      return;
    }
    setOpen(true);
  });
  group.addEventListener('focusout', (event) => {
    const next = event.relatedTarget;
    if (!(next instanceof Node) || !group.contains(next)) setOpen(false);
  });
  trigger.addEventListener('click', () => {
    if (isOpen() && Date.now() - openedAt < CLICK_GRACE_MS) return;
    setOpen(!isOpen());
  });
  group.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && isOpen()) {
      event.preventDefault();
      setOpen(false);
      suppressFocusOpen = document.activeElement !== trigger;
      trigger.focus();
    } else if (event.key === 'ArrowDown' && event.target === trigger) {
      event.preventDefault();
      setOpen(true);
      menu.querySelector<HTMLAnchorElement>('a')?.focus();
    }
  });
  return () => setOpen(false);
}

function setupMobileMenu(root: Document): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const panelId = toggle?.getAttribute('aria-controls');
  const panel = panelId ? root.getElementById(panelId) : null;
  if (!toggle || !panel) return;

  // The label stays "Menu"; aria-expanded carries the state (and the icon turns into a cross).
  const setOpen = (open: boolean): void => {
    toggle.setAttribute('aria-expanded', String(open));
    panel.hidden = !open;
  };

  toggle.addEventListener('click', () => setOpen(toggle.getAttribute('aria-expanded') !== 'true'));
  root.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && toggle.getAttribute('aria-expanded') === 'true') {
      setOpen(false);
      toggle.focus();
    }
  });
  // Leaving the small-screen layout closes the panel, so it is never stuck open behind the desktop bar.
  window.matchMedia('(min-width: 78rem)').addEventListener('change', (query) => {
    if (query.matches) setOpen(false);
  });
}

export function enhanceNavigation(root: Document): void {
  const closers = new Map<HTMLElement, () => void>();
  const closeOthers = (except: HTMLElement): void => {
    for (const [group, close] of closers) if (group !== except) close();
  };
  for (const group of root.querySelectorAll<HTMLElement>('[data-nav-group]')) {
    const close = setupGroup(group, closeOthers);
    if (close) closers.set(group, close);
  }
  setupMobileMenu(root);
}
