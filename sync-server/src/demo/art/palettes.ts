// Carnival colours. Each palette is a sky (two stops), four bright accents, a deep shade for
// silhouettes and a pale one for backdrops, so every motif can draw from any palette.

export interface Palette {
  name: string;
  sky: readonly [string, string];
  accents: readonly [string, string, string, string];
  deep: string;
  pale: string;
}

export const PALETTES: readonly Palette[] = [
  { name: 'sunset', sky: ['#ffb347', '#e0216f'], accents: ['#ffd23f', '#ff006e', '#7b2cbf', '#00b4d8'], deep: '#2b0a3d', pale: '#fff1e0' },
  { name: 'lagoon', sky: ['#5fd4ec', '#0077b6'], accents: ['#ffd166', '#ef476f', '#06d6a0', '#ffffff'], deep: '#03045e', pale: '#e3f8fc' },
  { name: 'hibiscus', sky: ['#ff6f9c', '#7b2cbf'], accents: ['#ffe066', '#ff9f1c', '#2ec4b6', '#ffffff'], deep: '#240046', pale: '#ffe8f0' },
  { name: 'soca', sky: ['#ff5a4e', '#9d0208'], accents: ['#ffffff', '#ffd23f', '#00b4d8', '#ff9e00'], deep: '#1d0a0a', pale: '#ffeceb' },
  { name: 'calypso', sky: ['#2ee6b0', '#118ab2'], accents: ['#ffd166', '#ef476f', '#ffffff', '#8338ec'], deep: '#073b4c', pale: '#e4fbf4' },
  { name: 'plumage', sky: ['#b15cf0', '#3c096c'], accents: ['#ffd60a', '#ff4d6d', '#4cc9f0', '#80ffdb'], deep: '#10002b', pale: '#f3e8ff' },
  { name: 'jouvert', sky: ['#f6b26b', '#7a4022'], accents: ['#e9c46a', '#2a9d8f', '#e76f51', '#ffffff'], deep: '#2a1a10', pale: '#fbefe2' },
  { name: 'mango', sky: ['#ffc933', '#fb5607'], accents: ['#ff006e', '#8338ec', '#3a86ff', '#ffffff'], deep: '#3d0c02', pale: '#fff6dc' },
  { name: 'sorrel', sky: ['#e0245e', '#5c0a25'], accents: ['#ffb3c1', '#ffd60a', '#80ffdb', '#ffffff'], deep: '#2d0613', pale: '#ffe9ef' },
  { name: 'reef', sky: ['#5ad1f5', '#4361ee'], accents: ['#f72585', '#ffd23f', '#7209b7', '#ffffff'], deep: '#14213d', pale: '#e6f4ff' },
];

/** Skin tones for the people in the pictures: the Caribbean is every shade of brown. */
export const SKIN_TONES: readonly string[] = ['#5a3825', '#6f4630', '#8d5524', '#a0673f', '#c68642', '#7b4a2d', '#e0ac69', '#4a2c1d'];

/** Relative luminance (0 black to 1 white) of a `#rrggbb` colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * Colours that stand out on white or on the pale backdrop: the accents darker than `max`
 * luminance, topped up from the sky and the deep shade so there are always three.
 */
export function onLight(p: Palette, max = 0.72): string[] {
  const out = p.accents.filter((c) => luminance(c) < max);
  for (const c of [p.sky[1], p.sky[0], p.deep]) if (out.length < 3 && !out.includes(c)) out.push(c);
  return out;
}
