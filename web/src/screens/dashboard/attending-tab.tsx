// "Events I'm Attending": the events and bands the member marked as attending.
import { useDataLayer, useLiveQuery } from '../../data/react.ts';
import { Spinner } from '../../components/ui/index.ts';
import { ItemLinks } from './item-links.tsx';
import { bandRow, eventRow } from './item-rows.ts';
import { NO_ATTENDING_TEXT } from './dashboard-rules.ts';

export function AttendingTab({ userId }: { userId: string }) {
  const data = useDataLayer();
  const { data: mine, loading } = useLiveQuery(() => data.attendance.mine(), [userId], { dbs: ['members', 'catalog'] });
  if (!mine) return loading ? <Spinner label="Loading..." /> : <p className="dash-empty">{NO_ATTENDING_TEXT}</p>;
  if (mine.events.length + mine.bands.length === 0) return <p className="dash-empty">{NO_ATTENDING_TEXT}</p>;
  return (
    <div className="dash-sections">
      <ItemLinks id="attending-events" title="Events" items={mine.events.map(eventRow)} />
      <ItemLinks id="attending-bands" title="Carnival Bands" items={mine.bands.map(bandRow)} />
    </div>
  );
}
