// Fete Packages and Fete Rides cards: the three-way button rule and the colours a card may paint.
import { describe, expect, it } from 'vitest';
import { buttonTarget, cardColours, luminance, readableOn } from '../../web/src/lib/package-card-logic.ts';
import { PACKAGE_COLOURS, RIDE_COLOURS } from '../../design-docs/src/constants.ts';

describe('buttonTarget', () => {
  it('opens a /form/ link in the app', () => {
    expect(buttonTarget({ id: 'p1', buttonlink: '/form/package/p9' }, 'package')).toEqual({ kind: 'app', to: '/form/package/p9' });
    expect(buttonTarget({ id: 'r1', buttonlink: '  /form/ride/r1 ' }, 'ride')).toEqual({ kind: 'app', to: '/form/ride/r1' });
  });

  it('opens any other link in a new tab', () => {
    expect(buttonTarget({ id: 'p1', buttonlink: 'https://travel.example.com/miami' }, 'package')).toEqual({
      kind: 'new-tab',
      href: 'https://travel.example.com/miami',
    });
    expect(buttonTarget({ id: 'r1', buttonlink: '/fete-guide' }, 'ride')).toEqual({ kind: 'new-tab', href: '/fete-guide' });
  });

  it('goes to the item’s own form without a link', () => {
    expect(buttonTarget({ id: 'p1', buttonlink: null }, 'package')).toEqual({ kind: 'app', to: '/form/package/p1' });
    expect(buttonTarget({ id: 'r1' }, 'ride')).toEqual({ kind: 'app', to: '/form/ride/r1' });
    expect(buttonTarget({ id: 'r1', buttonlink: '   ' }, 'ride')).toEqual({ kind: 'app', to: '/form/ride/r1' });
  });

  it('treats a link that is no link (script, other scheme, other host via //) as none', () => {
    for (const buttonlink of ['javascript:alert(1)', 'data:text/html,hi', 'book here', '//evil.example.com/x', '/\\evil.example.com']) {
      expect(buttonTarget({ id: 'r1', buttonlink }, 'ride')).toEqual({ kind: 'app', to: '/form/ride/r1' });
    }
  });

  it('keeps an odd id inside its path segment', () => {
    expect(buttonTarget({ id: 'a/b?c' }, 'package')).toEqual({ kind: 'app', to: '/form/package/a%2Fb%3Fc' });
  });
});

describe('cardColours', () => {
  it('paints every admin colour preset with its gradient and text', () => {
    for (const p of [...PACKAGE_COLOURS, ...RIDE_COLOURS]) {
      const c = cardColours(p.bgcolor, p.textcolor, 'package');
      expect(c).toMatchObject({ from: p.from, to: p.to, text: p.text });
    }
  });

  it('gives Amber and Yellow dark text, the others light', () => {
    const amber = PACKAGE_COLOURS.find((p) => p.name === 'Amber')!;
    expect(cardColours(amber.bgcolor, amber.textcolor, 'package').text).toBe('#000000');
    const blue = PACKAGE_COLOURS.find((p) => p.name === 'Blue')!;
    expect(cardColours(blue.bgcolor, blue.textcolor, 'package').text).toBe('#ffffff');
  });

  it('accepts hex colours', () => {
    expect(cardColours('#123ABC', '#FfF', 'ride')).toMatchObject({ from: '#123abc', to: '#123abc', text: '#fff' });
  });

  it('falls back to the type’s default preset for an unknown or unsafe background', () => {
    const red = RIDE_COLOURS.find((p) => p.name === 'Red')!;
    const purple = PACKAGE_COLOURS.find((p) => p.name === 'Purple')!;
    for (const bad of ['from-nope-500', 'red; background: url(x)', '#12345', '', null, undefined, 42]) {
      expect(cardColours(bad, 'text-white', 'ride')).toMatchObject({ from: red.from, to: red.to });
      expect(cardColours(bad, 'text-white', 'package')).toMatchObject({ from: purple.from, to: purple.to });
    }
  });

  it('picks a readable text colour when the stored one is not a colour', () => {
    const amber = PACKAGE_COLOURS.find((p) => p.name === 'Amber')!;
    // A known preset keeps its own text colour.
    expect(cardColours(amber.bgcolor, 'url(javascript:x)', 'package').text).toBe('#000000');
    // A hex background: black or white, whichever reads on it.
    expect(cardColours('#fafafa', 'bogus', 'ride').text).toBe('#000000');
    expect(cardColours('#101010', undefined, 'ride').text).toBe('#ffffff');
  });

  it('only ever returns hex colours, so nothing else reaches a style', () => {
    const hex = /^#[0-9a-f]{3}([0-9a-f]{3})?$/;
    for (const [bg, text] of [['x', 'y'], ['#abc', 'text-black'], ['expression(1)', '#zzzzzz'], [{}, []]] as const) {
      const c = cardColours(bg, text, 'package');
      for (const v of [c.from, c.to, c.text, c.buttonText]) expect(v).toMatch(hex);
    }
  });

  it('labels the button in the opposite of its ground', () => {
    expect(cardColours('#101010', 'text-white', 'ride').buttonText).toBe('#000000');
    expect(cardColours('#fafafa', 'text-black', 'ride').buttonText).toBe('#ffffff');
  });
});

describe('readableOn', () => {
  it('reaches at least 4.5:1 on any grey', () => {
    for (let v = 0; v <= 255; v += 5) {
      const hex = `#${v.toString(16).padStart(2, '0').repeat(3)}`;
      const l = luminance(hex);
      const t = luminance(readableOn(hex));
      const ratio = (Math.max(l, t) + 0.05) / (Math.min(l, t) + 0.05);
      expect(ratio).toBeGreaterThanOrEqual(4.5);
    }
  });
});
