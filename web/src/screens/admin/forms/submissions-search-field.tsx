// The search box of Form Submissions: its own component, so a keystroke paints the typed text
// without re-rendering the table; the screen's query follows just after that paint (useTypedSearch, ADR 042).
import { useTypedSearch } from '../../../components/catalog/index.ts';
import { TextField } from '../../../components/ui/index.ts';

export function SubmissionsSearchField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const typed = useTypedSearch(value, onChange);
  return (
    <div role="search">
      <TextField label="Search submissions" type="search" placeholder="Search submissions..." value={typed.value} onChange={(e) => typed.change(e.target.value)} />
    </div>
  );
}
