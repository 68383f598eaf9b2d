// Custom forms: the form document holds its fields, so a form is validated and saved as one.
import * as z from 'zod';
import { DEFAULT_SUBMIT_TEXT, FORM_FIELD_TYPES, FORM_TYPES } from '../constants.ts';
import { formId } from '../ids.ts';
import { docBase, idPart, requiredText, text, updatedBy, writtenAt } from './common.ts';

/** Dropdown options are typed one per line; blank lines are dropped. */
const options = z.array(z.string().trim()).transform((list) => list.filter((o) => o.length > 0));

export const formFieldSchema = z
  .strictObject({
    id: requiredText('A field needs an id'),
    type: z.enum(FORM_FIELD_TYPES, { error: 'Unknown field type' }),
    label: requiredText('Field label is required'),
    placeholder: z.string().nullish(),
    required: z.boolean().default(false),
    options: options.optional(),
    defaultValue: z.union([z.string(), z.number(), z.boolean(), z.array(z.string())]).nullish(),
  })
  .superRefine((field, ctx) => {
    const count = field.options?.length ?? 0;
    if (field.type === 'select' && count === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Please add at least one option for the dropdown field' });
    } else if (field.type !== 'select' && field.type !== 'checkbox' && field.options !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only dropdown and checkbox fields have options' });
    }
  });
export type FormField = z.infer<typeof formFieldSchema>;

// A checkbox without options is one box to tick ("I accept the terms"), which the builder makes
// too (ADR 045): the fill-in labels it with its label and the submissions view shows Yes or No.

export const formSchema = z
  .strictObject({
    ...docBase('form'),
    /** The spec's uuid; submissions point at it through `formid`. */
    id: requiredText('A form needs an id'),
    title: requiredText('Form title is required'),
    description: text,
    fields: z.array(formFieldSchema).min(1, { error: 'Form must have at least one field' }),
    submitButtonText: z.string().trim().default(DEFAULT_SUBMIT_TEXT),
    active: z.boolean().default(true),
    formtype: z.enum(FORM_TYPES, { error: 'Invalid form type or ID' }),
    targetid: idPart,
    updatedat: writtenAt,
    updated_by: updatedBy,
    createdat: writtenAt.optional(),
  })
  .superRefine((form, ctx) => {
    if (form._id !== formId(form.formtype, form.targetid)) {
      ctx.addIssue({ code: 'custom', path: ['_id'], message: '_id must be form:{formtype}:{targetid}' });
    }
    // Answers are keyed by label, so two fields with one label would overwrite each other.
    const labels = form.fields.map((f) => f.label);
    if (new Set(labels).size !== labels.length) {
      ctx.addIssue({ code: 'custom', path: ['fields'], message: 'Field labels must be unique' });
    }
  });
export type FormDoc = z.infer<typeof formSchema>;
