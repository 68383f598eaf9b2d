// The fields of the event form, shared by Create Event and the organiser's Edit Event (ADR 032),
// so both have the same labels, hints, order and validation marks.
import type { ReactNode } from 'react';
import { COUNTRIES } from '../../../../design-docs/src/constants.ts';
import { SelectField, TextField } from '../../components/ui/index.ts';
import { formatLongDate } from '../../lib/dates.ts';
import { CATEGORY_OPTIONS, nextDayEnd } from './create-event-logic.ts';
import type { CreateEventField, CreateEventValues } from './create-event-logic.ts';

const COUNTRY_OPTIONS = COUNTRIES.map((c) => ({ value: c, label: c }));

export interface EventFormFieldsProps {
  values: CreateEventValues;
  errors: Partial<Record<CreateEventField, string>>;
  onChange(field: CreateEventField, value: string): void;
  /** The image field (and its upload progress), placed after the links. */
  image: ReactNode;
}

export function EventFormFields({ values, errors, onChange, image }: EventFormFieldsProps) {
  const bind = (field: CreateEventField) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => onChange(field, e.target.value),
  });
  const endsNext = nextDayEnd(values);
  return (
    <>
      <TextField label="Title" required autoComplete="off" {...bind('title')} />
      <SelectField label="Category" required placeholder="Select a category" options={CATEGORY_OPTIONS} {...bind('category')} />
      <div className="create-event__row">
        <TextField label="Date" type="date" required {...bind('date')} />
        <TextField label="Start time" type="time" required {...bind('start_time')} />
        <TextField
          label="End time"
          type="time"
          required
          hint={endsNext ? `Ends the next day, ${formatLongDate(endsNext)}` : undefined}
          {...bind('end_time')}
        />
      </div>
      <div className="create-event__row">
        <SelectField label="Country" required placeholder="Select a country" options={COUNTRY_OPTIONS} {...bind('country')} />
        <TextField label="State or region" required {...bind('state')} />
      </div>
      <TextField label="Venue location" required {...bind('location')} />
      <DescriptionField value={values.description} error={errors.description} onChange={(v) => onChange('description', v)} />
      <div className="create-event__row">
        <TextField label="Price" type="number" inputMode="decimal" min={0} step={0.01} {...bind('price')} />
        <TextField label="Capacity" type="number" inputMode="numeric" min={0} step={1} {...bind('capacity')} />
      </div>
      <TextField label="Ticket URL" type="url" inputMode="url" placeholder="https://" {...bind('ticket_url')} />
      <TextField label="Fete ID ticket URL" type="url" inputMode="url" placeholder="https://" {...bind('fete_id_ticket_url')} />
      <TextField label="Instagram URL" type="url" inputMode="url" placeholder="https://" {...bind('instagram_url')} />
      {image}
    </>
  );
}

function DescriptionField({ value, error, onChange }: { value: string; error: string | undefined; onChange(value: string): void }) {
  const errorId = 'create-event-description-error';
  return (
    <div className={['field', error ? 'field--invalid' : ''].filter(Boolean).join(' ')}>
      <div className="field__label-row">
        <label className="field__label" htmlFor="create-event-description">
          Description
        </label>
        <span aria-hidden="true" className="field__required">
          *
        </span>
      </div>
      <textarea
        id="create-event-description"
        name="description"
        className="field__control create-event__description"
        required
        rows={5}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
