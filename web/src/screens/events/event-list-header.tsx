// The heading of the event lists: the Fete logo beside the page's one h1.
import { LogoMark } from '../../components/layout/icons.tsx';

export function EventListHeader({ title, titleId }: { title: string; titleId: string }) {
  return (
    <header className="catalog-page__header">
      <div className="event-list__brand">
        <LogoMark size={36} className="event-list__logo" />
        <h1 id={titleId}>{title}</h1>
      </div>
    </header>
  );
}
