// A first visit's static preview (ADR 060) stays over the app until the app's own screen has
// drawn the same page: a heading in its main area and the preview's pictures loaded in the app's
// own elements. Then it goes, in one frame; the app's layout beneath it never moved, so nothing
// shifts. A screen that never gets there (the item gone, an error) still gets the page after
// HANDOVER_MAX_MS. While the preview shows, the app beneath is inert: one page for keyboards and
// screen readers, not two.
import { FIRST_SCREEN_ELEMENT_ID } from '../../../design-docs/src/constants.ts';

export const HANDOVER_MAX_MS = 5000;

function sameImage(a: string, b: string, base: string): boolean {
  try {
    return new URL(a, base).href === new URL(b, base).href;
  } catch {
    return false;
  }
}

const loaded = (img: HTMLImageElement | null) => img !== null && img.complete && img.naturalWidth > 0;

/**
 * Whether the app's screen in `root` shows what the preview shows: its heading, and the preview's
 * pictures loaded in the app's own elements; for a list (`firstCard`), its first card's picture.
 */
export function appHasDrawn(root: ParentNode, images: readonly string[], base: string, firstCard = false): boolean {
  const main = root.querySelector('main');
  if (!main?.querySelector('h1')) return false;
  if (firstCard) return loaded(main.querySelector('li img'));
  if (images.length === 0) return true;
  return Array.from(main.querySelectorAll('img')).some(
    (img) => loaded(img) && images.some((src) => sameImage(img.currentSrc || img.src, src, base)),
  );
}

/** Watches the app under `root` and takes the preview away once it has drawn; a no-op without one. */
export function handOverFirstScreen(doc: Document, root: HTMLElement, maxMs: number = HANDOVER_MAX_MS): void {
  const preview = doc.getElementById(FIRST_SCREEN_ELEMENT_ID);
  if (!preview) return;
  const images = (preview.dataset.images ?? '').split(' ').filter(Boolean);
  const firstCard = preview.dataset.wait === 'first-card';
  const view = doc.defaultView;
  root.inert = true;
  root.setAttribute('aria-hidden', 'true');
  let done = false;
  const finish = (by: 'drawn' | 'cap') => {
    if (done) return;
    done = true;
    // Read by the tests and benches: whether the app drew the page or the wait ran out.
    performance.mark('fete:first-screen-handover', { detail: { by } });
    observer.disconnect();
    root.removeEventListener('load', check, true);
    clearTimeout(timer);
    preview.remove();
    // The app opens to input in a task of its own: leaving `inert` restyles the whole app, and
    // in the frame that takes the preview away it made one long task of two (ADR 061).
    setTimeout(() => {
      root.inert = false;
      root.removeAttribute('aria-hidden');
    }, 0);
  };
  function check(): void {
    if (!done && appHasDrawn(root, images, doc.baseURI, firstCard)) (view?.requestAnimationFrame ?? setTimeout)(() => finish('drawn'));
  }
  const observer = new MutationObserver(check);
  observer.observe(root, { childList: true, subtree: true });
  // A picture's load is no change to the tree: listened for on its way down.
  root.addEventListener('load', check, true);
  const timer = setTimeout(() => finish('cap'), maxMs);
}
