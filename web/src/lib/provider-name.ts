// A provider's full name, as cards, the page title and the search show it.
import type { ProviderDoc } from '../../../design-docs/src/schemas/provider.ts';

export function providerName(p: Pick<ProviderDoc, 'first_name' | 'last_name'>): string {
  return `${p.first_name} ${p.last_name}`.trim();
}
