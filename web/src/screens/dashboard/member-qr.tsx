// The member number as a QR code a door scanner can read, drawn on the device (no network) as
// one SVG path: black on white with the standard four-module quiet zone, so it scans in sunlight
// and at any screen brightness. It holds the member number and nothing else.
import { useMemo } from 'react';
import { create } from 'qrcode';

const QUIET_ZONE = 4;

/** The dark modules as an SVG path, one `h1` run per module, in module units. */
export function qrPath(text: string): { path: string; size: number } {
  // Level M survives a scratched or glare-struck screen and keeps the code small.
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let path = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (modules.get(row, col)) path += `M${col + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`;
    }
  }
  return { path, size: n + QUIET_ZONE * 2 };
}

export function MemberQr({ value, size = 176 }: { value: string; size?: number }) {
  const { path, size: modules } = useMemo(() => qrPath(value), [value]);
  return (
    <svg
      className="fete-id__qr"
      role="img"
      aria-label={`QR code of member number ${value}`}
      width={size}
      height={size}
      viewBox={`0 0 ${modules} ${modules}`}
      shapeRendering="crispEdges"
      data-testid="member-qr"
    >
      <rect width={modules} height={modules} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
