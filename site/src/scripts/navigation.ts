/**
 * Desktop dropdowns (disclosure pattern) and the mobile menu button.
 *
 * Without this script the dropdowns still open on hover and keyboard focus through CSS; with it,
 * aria-expanded follows the state, Escape closes, focus leaving a group closes it, and hover has
 * intent (delays to open and to close).
 */

/** A click within this many ms of a hover- or focus-open keeps the menu open instead of toggling it shut. */
const CLICK_GRACE_MS = 400;

/**
 * Hover intent: a pointer must rest on a group this long before its menu opens (one crossing the
 * bar on its way down the page opens nothing), and a menu stays this long after the pointer
 * leaves (a diagonal path from the trigger to a far link cuts the corner without closing it).
 * Once a menu is open, moving to another group switches at once: the visitor is browsing the bar.
 */
const HOVER_OPEN_DELAY_MS = 150;
const HOVER_CLOSE_DELAY_MS = 300;

function setupGroup(
  group: HTMLElement,
  closeOthers: (except: HTMLElement) => void,
  anyOpen: () => boolean,
): (() => void) | undefined {
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

  let hoverTimer: number | undefined;
  const afterHover = (delay: number, action: () => void): void => {
    window.clearTimeout(hoverTimer);
    hoverTimer = window.setTimeout(action, delay);
  };
  group.addEventListener('mouseenter', () => {
    if (!canHover.matches) return;
    if (isOpen() || anyOpen()) {
      window.clearTimeout(hoverTimer);
      setOpen(true);
    } else {
      afterHover(HOVER_OPEN_DELAY_MS, () => setOpen(true));
    }
  });
  group.addEventListener('mouseleave', () => {
    if (!canHover.matches) return;
    afterHover(HOVER_CLOSE_DELAY_MS, () => {
      if (!group.contains(document.activeElement)) setOpen(false);
    });
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
  const anyOpen = (): boolean => [...closers.keys()].some((group) => group.hasAttribute('data-open'));
  for (const group of root.querySelectorAll<HTMLElement>('[data-nav-group]')) {
    const close = setupGroup(group, closeOthers, anyOpen);
    if (close) closers.set(group, close);
  }
  setupMobileMenu(root);
}
