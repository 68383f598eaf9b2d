// Counts on badges: large numbers are capped so the badge stays round.
export function badgeText(count: number, cap = 99): string {
  return count > cap ? `${cap}+` : String(count);
}
