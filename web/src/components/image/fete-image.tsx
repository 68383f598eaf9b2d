// Every picture of the app: resolves the stored value with imageUrl's rules, reserves its box
// (width, height and aspect-ratio) so nothing shifts while it loads, loads lazily, and falls
// back along small → large → the bucket's local default when a file fails to load.
import { useRef, useState } from 'react';
import type { CSSProperties } from 'react';
import type { UploadBucket } from '../../../../design-docs/src/constants.ts';
import { imageSources } from '../../../../design-docs/src/image-url.ts';
import { firstUsable, markFailed } from './failed-sources.ts';
import { useNearViewport } from './use-near-viewport.ts';
import type { ImageSize } from '../../../../design-docs/src/image-url.ts';

export interface FeteImageProps {
  /** What the document stores: an http(s) URL, a path in the bucket, or empty. */
  value: string | null | undefined;
  bucket: UploadBucket;
  /** Describes the picture; '' for a decorative one. */
  alt: string;
  /** The rendered box in CSS pixels: sets the attributes and the aspect ratio. */
  width: number;
  height: number;
  /** 'small' uses the 480 px variant of our uploads (lists, cards), 'thumb' the 128 px one (avatars up to 64 px). */
  size?: ImageSize;
  className?: string;
  style?: CSSProperties;
  /** How the picture fills its box (default cover). */
  fit?: 'cover' | 'contain';
  /** Above the fold (a hero, a detail header): load at once, with high priority. */
  priority?: boolean;
  /**
   * In a long grid (a directory page of 48 cards): no source until the picture is near the
   * viewport (use-near-viewport.ts), so a new result set loads only the pictures about to be seen.
   * The box keeps its size from the start; what it shows until then is the caller's CSS.
   */
  nearViewportOnly?: boolean;
}

/**
 * Which source to show: the first not known to fail (failed-sources.ts), moving on after a load
 * error and starting again for a new value. `isFallback`: showing the last source, which
 * imageSources makes the bucket's default.
 */
export function useImageFallback(sources: readonly string[]): { src: string; onError: () => void; isFallback: boolean } {
  const key = sources.join('\n');
  const [failed, setFailed] = useState<{ key: string; index: number }>(() => ({ key, index: firstUsable(sources) }));
  const last = sources.length - 1;
  const index = Math.min(failed.key === key ? failed.index : firstUsable(sources), last);
  const src = sources[index] as string;
  return {
    src,
    isFallback: index >= last,
    onError: () => {
      // The default is a local file: if even that fails, stop rather than loop.
      if (index >= last) return;
      markFailed(src);
      setFailed({ key, index: Math.max(index + 1, firstUsable(sources)) });
    },
  };
}

export function FeteImage({ value, bucket, alt, width, height, size = 'large', className, style, fit = 'cover', priority = false, nearViewportOnly = false }: FeteImageProps) {
  const { src, onError, isFallback } = useImageFallback(imageSources(value, bucket, size));
  const box = useRef<HTMLImageElement>(null);
  const near = useNearViewport(box, nearViewportOnly && !priority);
  return (
    <img
      ref={box}
      src={near ? src : undefined}
      alt={alt}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : undefined}
      className={className}
      style={{ aspectRatio: `${width} / ${height}`, objectFit: fit, ...style }}
      data-fallback={isFallback ? '' : undefined}
      onError={onError}
    />
  );
}
