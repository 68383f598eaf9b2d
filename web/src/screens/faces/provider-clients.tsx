// The 'Clients' gallery of a provider page: the active testimonial images in their order, each
// opening the lightbox at that image.
import { useMemo, useState } from 'react';
import { FeteImage } from '../../components/image/fete-image.tsx';
import { Lightbox } from '../../components/lightbox/index.ts';
import type { LightboxItem } from '../../components/lightbox/index.ts';
import { activeTestimonials } from '../../data/repos/providers.ts';
import type { Provider } from '../../data/repos/providers.ts';
import { ClientCaption, clientImageAlt } from './client-caption.tsx';

// The demo's client photos are 400 x 500 portraits.
const PHOTO_WIDTH = 400;
const PHOTO_HEIGHT = 500;

export function ProviderClients({ provider, name }: { provider: Provider; name: string }) {
  const testimonials = useMemo(() => activeTestimonials(provider), [provider]);
  const [open, setOpen] = useState<{ index: number; from: HTMLElement } | null>(null);
  const items = useMemo<LightboxItem[]>(
    () => testimonials.map((t) => ({ key: t.id, value: t.image_url, bucket: 'avatars', alt: clientImageAlt(t), caption: <ClientCaption testimonial={t} /> })),
    [testimonials],
  );
  if (testimonials.length === 0) return null;

  return (
    <section className="detail__section" aria-labelledby="clients-title">
      <h2 id="clients-title">Clients</h2>
      <ul className="face-clients" data-testid="provider-clients">
        {testimonials.map((t, i) => (
          <li key={t.id}>
            <figure className="face-client">
              <button type="button" className="face-client__open" aria-haspopup="dialog" onClick={(e) => setOpen({ index: i, from: e.currentTarget })}>
                <FeteImage value={t.image_url} bucket="avatars" alt={clientImageAlt(t)} width={PHOTO_WIDTH / 2} height={PHOTO_HEIGHT / 2} size="small" />
              </button>
              <figcaption className="face-client__caption">
                <ClientCaption testimonial={t} />
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
      {open && (
        <Lightbox
          label={`Clients of ${name}`}
          items={items}
          startIndex={open.index}
          imageWidth={PHOTO_WIDTH}
          imageHeight={PHOTO_HEIGHT}
          returnFocusTo={open.from}
          onClose={() => setOpen(null)}
        />
      )}
    </section>
  );
}
