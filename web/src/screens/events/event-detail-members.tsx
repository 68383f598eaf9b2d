// What only members see: the event's current discount code. It lives in the members database,
// which a visitor does not have at all. (Who is going: components/catalog/attendee-list.tsx.)
import { useViewer } from '../../components/catalog/index.ts';
import { useEventDiscount } from '../../data/hooks/use-events.ts';

export function EventDiscount({ eventId }: { eventId: string }) {
  const { signedIn } = useViewer();
  const { data: discount } = useEventDiscount(eventId, signedIn);
  if (!signedIn || !discount) return null;
  return (
    <section className="detail__section event-detail__discount" aria-labelledby="event-discount-title" data-testid="event-discount">
      <h2 id="event-discount-title">Fete ID Discount</h2>
      <p className="event-detail__discount-offer">
        <strong data-testid="discount-percentage">{discount.percentage}% off</strong> with code{' '}
        <code className="event-detail__code" data-testid="discount-code">
          {discount.code}
        </code>
      </p>
      {discount.description?.trim() && <p data-testid="discount-description">{discount.description}</p>}
    </section>
  );
}
