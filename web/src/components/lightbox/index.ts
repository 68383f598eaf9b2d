// A reusable image lightbox and its pure index/thumbnail/swipe rules.
export { Lightbox } from './lightbox.tsx';
export type { LightboxItem, LightboxProps } from './lightbox.tsx';
export { LIGHTBOX_THUMBNAILS, SWIPE_THRESHOLD_PX, nextIndex, previousIndex, swipeStep, thumbnailWindow, wrapIndex } from './lightbox-logic.ts';
