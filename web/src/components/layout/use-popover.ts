// Closing a popover: a press outside it, Escape (focus goes back to its button), or focus
// leaving it with Tab.
import { useEffect } from 'react';
import type { RefObject } from 'react';

export function usePopoverDismiss(
  open: boolean,
  panel: RefObject<HTMLElement | null>,
  trigger: RefObject<HTMLElement | null>,
  close: (opts: { returnFocus: boolean }) => void,
): void {
  useEffect(() => {
    if (!open) return;
    const inside = (node: EventTarget | null) =>
      node instanceof Node && (panel.current?.contains(node) === true || trigger.current?.contains(node) === true);
    const onPointer = (e: PointerEvent) => {
      if (!inside(e.target)) close({ returnFocus: false });
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        e.stopPropagation();
        close({ returnFocus: true });
      }
    };
    const onFocusOut = (e: FocusEvent) => {
      // relatedTarget null: focus went to the page body or another window; keep it open then.
      if (e.relatedTarget && !inside(e.relatedTarget)) close({ returnFocus: false });
    };
    const node = panel.current;
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    node?.addEventListener('focusout', onFocusOut);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
      node?.removeEventListener('focusout', onFocusOut);
    };
  }, [open, panel, trigger, close]);
}
