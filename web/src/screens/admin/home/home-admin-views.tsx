// Small view pieces of the home-page admin rows: a fact, the active badge.
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

export function ActiveFact({ active }: { active: boolean }) {
  return (
    <div>
      <dt>Status</dt>
      <dd>
        <span className={`kit__badge ${active ? 'kit__badge--on' : 'kit__badge--off'}`}>{active ? 'Active' : 'Inactive'}</span>
      </dd>
    </div>
  );
}
