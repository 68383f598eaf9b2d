// The restaurant's active photos in their order, as a gallery.
import type { RestaurantPhoto } from '../../../../design-docs/src/schemas/restaurant.ts';
import { FeteImage } from '../../components/image/fete-image.tsx';

export function RestaurantPhotos({ photos, name }: { photos: readonly RestaurantPhoto[]; name: string }) {
  return (
    <section className="detail__section" aria-labelledby="restaurant-photos-title">
      <h2 id="restaurant-photos-title">Photos</h2>
      <ul className="eats-photos" data-testid="restaurant-photos">
        {photos.map((p, i) => (
          <li key={p.id}>
            <FeteImage value={p.image_url} bucket="restaurant-images" alt={`${name}, photo ${i + 1} of ${photos.length}`} width={480} height={360} />
          </li>
        ))}
      </ul>
    </section>
  );
}
