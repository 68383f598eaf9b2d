// Which uploads a document shows (ADR 055): the sweep keeps an upload while a document names it,
// in whatever form an image field holds it.
import { describe, expect, it } from 'vitest';
import { showsUpload, uploadPathsIn } from '../../sync-server/src/uploads/references.ts';

const P = 'u1/1735725600000-0123456789ab.webp';

describe('uploadPathsIn', () => {
  it('finds a bucket path, a /uploads/ path, the small variant, the thumbnail and an absolute address, at any depth', () => {
    expect([...uploadPathsIn({ avatar_url: P })]).toEqual([P]);
    expect([...uploadPathsIn({ image_url: `/uploads/events-images/${P}` })]).toEqual([P]);
    expect([...uploadPathsIn({ image_url: `/uploads/avatars/${P.replace('.webp', '-sm.webp')}` })]).toEqual([P]);
    expect([...uploadPathsIn({ logo_url: `https://img.example.org/uploads/market-images/${P.replace('.webp', '-th.webp')}` })]).toEqual([P]);
    expect([...uploadPathsIn({ photos: [{ image_url: 'r1/1735725600001-0123456789ab.webp' }], menu_items: [{ x: { image_url: P } }] })].sort()).toEqual([
      'r1/1735725600001-0123456789ab.webp',
      P,
    ]);
  });

  it('ignores what is not an upload of this server', () => {
    expect(uploadPathsIn({ image_url: 'soca.jpg', a: 'u1/123-abc.webp', b: `/x/${P}`, c: null, d: 5, e: `${P}.png` }).size).toBe(0);
    expect(showsUpload({ image_url: P }, 'u1/1735725600000-0123456789ac.webp')).toBe(false);
    expect(showsUpload({ image_url: P }, P)).toBe(true);
  });
});
