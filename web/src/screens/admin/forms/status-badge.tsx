// A submission's status with its icon and colour: completed green, pending yellow, processed
// blue, anything else red. The word is always there, not only colour.
import { statusLabel, statusTone } from './submissions-logic.ts';

const ICONS = {
  success: <path d="M4 10.5l4 4 8-9" />,
  warning: (
    <>
      <circle cx="10" cy="10" r="7" />
      <path d="M10 6v4l2.5 2.5" />
    </>
  ),
  info: (
    <>
      <path d="M16 10a6 6 0 1 1-2-4.5" />
      <path d="M14.5 2.5v3.5H11" />
    </>
  ),
  danger: <path d="M5 5l10 10M15 5L5 15" />,
} as const;

export function StatusBadge({ status }: { status: string }) {
  const tone = statusTone(status);
  return (
    <span className={`admin-badge admin-badge--${tone}`} data-status={status}>
      <svg aria-hidden="true" viewBox="0 0 20 20" width="14" height="14" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        {ICONS[tone]}
      </svg>
      {statusLabel(status)}
    </span>
  );
}
