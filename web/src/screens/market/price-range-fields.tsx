// Fete Marqet's Price Range: two whole-dollar inputs. Text inputs (not type=number) so what is
// typed stays visible as typed, with the reason it is not applied next to the field.
import { TextField } from '../../components/ui/index.ts';
import type { PriceFilter } from './price-filter.ts';
import { priceFilterErrors } from './price-filter.ts';

export function PriceRangeFields({ value, onType }: { value: PriceFilter; onType: (bound: 'min' | 'max', text: string) => void }) {
  const { minError, maxError } = priceFilterErrors(value);
  return (
    <fieldset className="price-range">
      <legend className="field__label">Price Range</legend>
      <div className="price-range__inputs">
        <TextField
          label="Min price ($)"
          inputMode="numeric"
          autoComplete="off"
          value={value.minText}
          error={minError}
          onChange={(e) => onType('min', e.target.value)}
          data-testid="price-min"
        />
        <TextField
          label="Max price ($)"
          inputMode="numeric"
          autoComplete="off"
          value={value.maxText}
          error={maxError}
          onChange={(e) => onType('max', e.target.value)}
          data-testid="price-max"
        />
      </div>
    </fieldset>
  );
}
