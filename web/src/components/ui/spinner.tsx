// A small busy indicator. With a label it is announced (role=status); inside a busy button the
// button's aria-busy says it, so the label may be empty there.
export function Spinner({ label, size = 'md' }: { label?: string; size?: 'sm' | 'md' }) {
  if (!label) return <span className={`spinner spinner--${size}`} aria-hidden="true" />;
  return (
    <span className="spinner-wrap" role="status">
      <span className={`spinner spinner--${size}`} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
