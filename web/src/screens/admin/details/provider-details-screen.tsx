// A provider's details (/admin/providers/:id/details): the testimonials of the 'Clients'
// gallery on the admin kit, each write saving the provider (use-parent-doc.ts).
import { useParams } from 'react-router-dom';
import type { ProviderDoc, Testimonial } from '../../../../../design-docs/src/schemas/provider.ts';
import { useDataLayer } from '../../../data/react.ts';
import { AdminOnly } from '../admin-only.tsx';
import { AdminKit } from '../kit/admin-kit.tsx';
import { DetailsShell } from './details-shell.tsx';
import { TestimonialFields, TestimonialView } from './provider-event-detail-fields.tsx';
import { useSubListPage } from './sub-list-page.ts';
import type { SubListCommon } from './sub-list-page.ts';
import {
  TESTIMONIAL_TEXTS, checkTestimonialDraft, compareTestimonials, newTestimonialDraft, testimonialDraftOf, testimonialSearchFields, testimonialTitle,
} from './testimonial-logic.ts';
import type { TestimonialDraft, TestimonialInput } from './testimonial-logic.ts';
import { useParentDoc } from './use-parent-doc.ts';

const TESTIMONIALS: SubListCommon<Testimonial, TestimonialDraft, TestimonialInput> = {
  texts: TESTIMONIAL_TEXTS,
  testId: 'testimonial',
  newDraft: newTestimonialDraft,
  draftOf: testimonialDraftOf,
  check: checkTestimonialDraft,
  searchFields: testimonialSearchFields,
  compare: compareTestimonials,
  titleOf: testimonialTitle,
  Fields: TestimonialFields,
  View: TestimonialView,
};

export function ProviderDetailsScreen() {
  return (
    <AdminOnly>
      <ProviderDetails />
    </AdminOnly>
  );
}

function ProviderDetails() {
  const { id = '' } = useParams();
  const data = useDataLayer();
  const parent = useParentDoc<ProviderDoc>(data.admin.providers, id);
  const testimonials = useSubListPage(parent, 'testimonials', TESTIMONIALS);
  const name = parent.parent ? `${parent.parent.first_name} ${parent.parent.last_name}` : null;
  return (
    <DetailsShell heading="Fete Face Details" name={name} missing={parent.missing} notFound="Provider not found" back={{ to: '/admin/providers', label: 'Back to Manage Fete Faces' }}>
      <AdminKit page={testimonials} embedded />
    </DetailsShell>
  );
}
