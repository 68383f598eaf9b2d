// A modal image viewer: the main image with its caption, previous/next that wrap around, up to
// four thumbnails, a close button, the arrow keys, Escape and swipe. It is a native modal
// <dialog> (like ConfirmDialog): the browser traps focus and makes the page behind it inert.
// Render it only while open; when it goes away, focus returns to the element that opened it.
import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent, PointerEvent, ReactNode } from 'react';
import type { UploadBucket } from '../../../../design-docs/src/constants.ts';
import { FeteImage } from '../image/fete-image.tsx';
import { VisuallyHidden } from '../ui/visually-hidden.tsx';
import { nextIndex, previousIndex, swipeStep, thumbnailWindow, wrapIndex } from './lightbox-logic.ts';
import './lightbox.css';

export interface LightboxItem {
  key: string;
  /** The stored image value (a bucket path or a URL). */
  value: string;
  bucket: UploadBucket;
  alt: string;
  caption: ReactNode;
}

export interface LightboxProps {
  /** The dialog's accessible name, e.g. "Clients of Keisha Baptiste". */
  label: string;
  items: readonly LightboxItem[];
  startIndex: number;
  /** The image's box in CSS pixels (its aspect ratio); the CSS scales it to the screen. */
  imageWidth?: number;
  imageHeight?: number;
  /** Gets focus back on close; by default whatever had focus when the lightbox opened. */
  returnFocusTo?: HTMLElement | null;
  onClose: () => void;
}

export function Lightbox({ label, items, startIndex, imageWidth = 400, imageHeight = 500, returnFocusTo, onClose }: LightboxProps) {
  const count = items.length;
  const [index, setIndex] = useState(() => wrapIndex(startIndex, count));
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  // Read once, when the lightbox opens.
  const returnFocus = useRef(returnFocusTo);
  const swipe = useRef<{ id: number; x: number; y: number } | null>(null);
  const titleId = useId();
  // The list may change while open (a live update): stay within it.
  const at = wrapIndex(index, count);
  const current = items[at];
  const multiple = count > 1;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // Kept across React's development remount, when the active element is already inside.
    opener.current ??= returnFocus.current ?? (document.activeElement instanceof HTMLElement ? document.activeElement : null);
    if (!dialog.open) dialog.showModal();
    closeRef.current?.focus();
    return () => {
      const target = opener.current;
      if (target?.isConnected) target.focus();
    };
  }, []);

  // Every image went away while open (a live update): nothing left to show.
  useEffect(() => {
    if (count === 0) onClose();
  }, [count, onClose]);

  function go(step: number) {
    setIndex((i) => wrapIndex(i + step, count));
  }

  function onKeyDown(e: KeyboardEvent<HTMLDialogElement>) {
    if (!multiple) return;
    if (e.key === 'ArrowRight') {
      e.preventDefault();
      setIndex((i) => nextIndex(i, count));
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      setIndex((i) => previousIndex(i, count));
    }
  }

  function onPointerDown(e: PointerEvent<HTMLDivElement>) {
    if (!multiple || (e.pointerType === 'mouse' && e.button !== 0)) return;
    // A press on Previous/Next is a click: capturing it would send the click to the stage.
    if (e.target instanceof Element && e.target.closest('button')) return;
    swipe.current = { id: e.pointerId, x: e.clientX, y: e.clientY };
    e.currentTarget.setPointerCapture?.(e.pointerId);
  }

  function onPointerUp(e: PointerEvent<HTMLDivElement>) {
    const start = swipe.current;
    swipe.current = null;
    if (!start || start.id !== e.pointerId) return;
    const step = swipeStep(e.clientX - start.x, e.clientY - start.y);
    if (step !== 0) go(step);
  }

  return (
    <dialog
      ref={dialogRef}
      className="lightbox"
      aria-labelledby={titleId}
      data-testid="lightbox"
      onKeyDown={onKeyDown}
      // Escape closes the dialog natively; the close event tells the owner either way.
      onClose={onClose}
    >
      <div className="lightbox__bar">
        <h2 id={titleId} className="lightbox__title">
          {label}
        </h2>
        <p className="lightbox__counter">
          Image {at + 1} of {count}
        </p>
        <button ref={closeRef} type="button" className="lightbox__close" onClick={() => dialogRef.current?.close()}>
          <VisuallyHidden>Close</VisuallyHidden>
          <span aria-hidden="true">×</span>
        </button>
      </div>

      {current && (
        <figure className="lightbox__figure">
          <div
            className="lightbox__stage"
            data-testid="lightbox-stage"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipe.current = null)}
            // A mouse drag would otherwise start the browser's own image drag and cancel the swipe.
            onDragStart={(e) => e.preventDefault()}
          >
            {multiple && (
              <button type="button" className="lightbox__nav lightbox__nav--prev" onClick={() => go(-1)}>
                <VisuallyHidden>Previous image</VisuallyHidden>
                <span aria-hidden="true">‹</span>
              </button>
            )}
            <FeteImage key={current.key} className="lightbox__image" value={current.value} bucket={current.bucket} alt={current.alt} width={imageWidth} height={imageHeight} fit="contain" priority />
            {multiple && (
              <button type="button" className="lightbox__nav lightbox__nav--next" onClick={() => go(1)}>
                <VisuallyHidden>Next image</VisuallyHidden>
                <span aria-hidden="true">›</span>
              </button>
            )}
          </div>
          <figcaption className="lightbox__caption" data-testid="lightbox-caption" aria-live="polite" aria-atomic="true">
            {current.caption}
          </figcaption>
        </figure>
      )}

      {multiple && (
        <ul className="lightbox__thumbs" aria-label="Thumbnails">
          {thumbnailWindow(at, count).map((i) => {
            const item = items[i] as LightboxItem;
            return (
              <li key={item.key}>
                <button type="button" className="lightbox__thumb" aria-current={i === at ? 'true' : undefined} onClick={() => setIndex(i)}>
                  <FeteImage value={item.value} bucket={item.bucket} alt="" width={64} height={Math.round((64 * imageHeight) / imageWidth)} size="small" />
                  <VisuallyHidden>
                    Show image {i + 1} of {count}
                  </VisuallyHidden>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </dialog>
  );
}
