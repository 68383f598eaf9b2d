// What a file is, judged by its first bytes. The name and the declared type are the
// client's word; these signatures are what the decoder will actually see.

export type ImageKind = 'jpeg' | 'png' | 'gif' | 'webp' | 'avif' | 'heic';

/** How many leading bytes `sniffImage` needs to decide. */
export const SNIFF_BYTES = 16;

/** HEIF brands (ISO/IEC 23008-12, AV1 image format): `ftyp` major brands of still images. */
const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

function ascii(b: Uint8Array, start: number, end: number): string {
  return String.fromCharCode(...b.subarray(start, end));
}

/**
 * The image format the bytes start with, or null. SVG is deliberately not an image here:
 * it is a document (scripts, external references), and the app has no use for it.
 */
export function sniffImage(head: Uint8Array): ImageKind | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head[0] === 0x89 && ascii(head, 1, 4) === 'PNG' && head[4] === 0x0d && head[5] === 0x0a && head[6] === 0x1a && head[7] === 0x0a) {
    return 'png';
  }
  if (head.length >= 6 && (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a')) return 'gif';
  if (head.length >= 12 && ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (head.length >= 12 && ascii(head, 4, 8) === 'ftyp') {
    const brand = ascii(head, 8, 12);
    if (AVIF_BRANDS.has(brand)) return 'avif';
    if (HEIC_BRANDS.has(brand)) return 'heic';
  }
  return null;
}
