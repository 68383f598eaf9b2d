// A client photo's caption, client name and service: under each gallery image and in the
// lightbox alike.
import type { Testimonial } from '../../../../design-docs/src/schemas/provider.ts';

export function clientImageAlt(t: Testimonial): string {
  const what = t.caption?.trim() || 'Client look';
  const who = t.client_name?.trim();
  return who ? `${what} for ${who}` : what;
}

export function ClientCaption({ testimonial: t }: { testimonial: Testimonial }) {
  const who = t.client_name?.trim();
  const service = t.service?.trim();
  return (
    <>
      {t.caption?.trim() && <span className="client-caption__text">{t.caption}</span>}
      {(who || service) && (
        <span className="client-caption__meta">
          {who}
          {who && service ? ' · ' : ''}
          {service}
        </span>
      )}
    </>
  );
}
