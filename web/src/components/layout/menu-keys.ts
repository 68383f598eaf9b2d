// Arrow-key movement inside an ARIA menu: Up/Down wrap, Home/End jump; disabled items skip.
import type { KeyboardEvent } from 'react';

const ITEM = '[role="menuitem"]:not([aria-disabled="true"])';

export function menuItems(container: HTMLElement | null): HTMLElement[] {
  return container ? [...container.querySelectorAll<HTMLElement>(ITEM)] : [];
}

export function focusMenuItem(container: HTMLElement | null, which: 'first' | 'last'): void {
  const items = menuItems(container);
  (which === 'first' ? items[0] : items[items.length - 1])?.focus();
}

export function onMenuKeyDown(e: KeyboardEvent<HTMLElement>): void {
  const items = menuItems(e.currentTarget);
  if (items.length === 0) return;
  const at = items.indexOf(document.activeElement as HTMLElement);
  let next: number | null = null;
  switch (e.key) {
    case 'ArrowDown':
      next = at < 0 ? 0 : (at + 1) % items.length;
      break;
    case 'ArrowUp':
      next = at < 0 ? items.length - 1 : (at - 1 + items.length) % items.length;
      break;
    case 'Home':
      next = 0;
      break;
    case 'End':
      next = items.length - 1;
      break;
    default:
      return;
  }
  e.preventDefault();
  items[next]?.focus();
}
