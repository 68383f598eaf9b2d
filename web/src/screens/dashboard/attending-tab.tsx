// "Events I'm Attending": the events and bands the member marked as attending.
import { useMemo } from 'react';
import { useMyAttendance } from '../../data/hooks/use-attendance.ts';
import { Spinner } from '../../components/ui/index.ts';
import { ItemLinks } from './item-links.tsx';
import { bandRow, eventRow } from './item-rows.ts';
import { NO_ATTENDING_TEXT } from './dashboard-logic.ts';
import { isLinkSections, useTabSnapshot } from './use-tab-snapshot.ts';

export function AttendingTab({ userId }: { userId: string }) {
  const { data: mine, loading } = useMyAttendance(userId);
  const live = useMemo(() => mine && { events: mine.events.map(eventRow), bands: mine.bands.map(bandRow) }, [mine]);
  const rows = useTabSnapshot('attending', live, isLinkSections);
  if (!rows) return loading ? <Spinner label="Loading..." /> : <p className="dash-empty">{NO_ATTENDING_TEXT}</p>;
  if (Object.values(rows).every((r) => r.length === 0)) return <p className="dash-empty">{NO_ATTENDING_TEXT}</p>;
  return (
    <div className="dash-sections">
      <ItemLinks id="attending-events" title="Events" items={rows.events ?? []} />
      <ItemLinks id="attending-bands" title="Carnival Bands" items={rows.bands ?? []} />
    </div>
  );
}
