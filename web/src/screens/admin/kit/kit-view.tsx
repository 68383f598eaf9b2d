// Pieces of a row's view the catalogue admin pages share: one labelled fact and the Active badge.
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function StatusFact({ active }: { active: boolean }) {
  return (
    <div>
      <dt>Status</dt>
      <dd>
        <span className={`kit__badge ${active ? 'kit__badge--on' : 'kit__badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>
      </dd>
    </div>
  );
}
