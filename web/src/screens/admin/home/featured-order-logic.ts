// The pure rules of the featured rows' reordering: an entry moved (by the Move buttons or by a
// drop) and the names the buttons carry.

/** `list` with the entry at `from` moved to `to` (both clamped); the same list when nothing moves. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const last = list.length - 1;
  const target = Math.max(0, Math.min(last, to));
  if (from < 0 || from > last || from === target) return [...list];
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

export const moveUpLabel = (name: string) => `Move ${name} up`;
export const moveDownLabel = (name: string) => `Move ${name} down`;

/** The row a featured item type fills on the home page. */
export const FEATURED_ROW_TITLES = {
  event: 'Top Event Picks',
  band: 'Top Carnival Bands',
  marqet: 'Fete Marqet Picks',
  restaurant: 'Fete Eats',
  face: 'Fete Faces',
} as const;

/** Event picks and bands are shown by date on the home page (spec); the others in this order. */
export const ORDERED_BY_DATE: ReadonlySet<string> = new Set(['event', 'band']);
