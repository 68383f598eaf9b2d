// The card's QR code, decoded back with a QR reader: it holds exactly the member number.
import { describe, expect, it } from 'vitest';
import jsQRModule from 'jsqr';
import { qrPath } from '../../web/src/screens/dashboard/member-qr.tsx';
import { memberNumber } from '../../design-docs/src/member-number.ts';

// jsqr is CommonJS whose typings declare an ES default export: take the function either way.
const jsQR = ((jsQRModule as unknown as { default?: typeof jsQRModule }).default ?? jsQRModule) as unknown as typeof jsQRModule.default;

/** Paints the path's unit squares into an RGBA image, `scale` pixels per module. */
function paint(path: string, size: number, scale = 6): { data: Uint8ClampedArray; width: number } {
  const width = size * scale;
  const data = new Uint8ClampedArray(width * width * 4).fill(255);
  for (const m of path.matchAll(/M(\d+) (\d+)/g)) {
    const x0 = Number(m[1]) * scale;
    const y0 = Number(m[2]) * scale;
    for (let y = y0; y < y0 + scale; y++) {
      for (let x = x0; x < x0 + scale; x++) {
        const i = (y * width + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width };
}

describe('the member QR code', () => {
  it('decodes to the member number and nothing else', () => {
    const number = memberNumber('0f3c9a7e5b1d4c2e8a6f0b9d7c5e3a1f');
    const { path, size } = qrPath(number);
    const { data, width } = paint(path, size);
    expect(jsQR(data, width, width)?.data).toBe(number);
  });

  it('keeps a four-module quiet zone', () => {
    const { path, size } = qrPath(memberNumber('someone'));
    const coords = [...path.matchAll(/M(\d+) (\d+)/g)].flatMap((m) => [Number(m[1]), Number(m[2])]);
    expect(Math.min(...coords)).toBe(4);
    expect(Math.max(...coords)).toBe(size - 5);
  });
});
