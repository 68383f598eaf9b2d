import { describe, expect, it } from 'vitest';
import type * as z from 'zod';
import {
  docSchemas, eventCreateInputSchema, eventSchema, formAnswersSchema, formSchema, formStatusNotificationBodySchema,
  messageSchema, missingRequiredFields, packageSchema, parseDoc, passwordChangeBodySchema, passwordChangeFormSchema, settingsPasswordFormSchema,
  productSchema, profileLocationInputSchema, providerSchema, ratingSchema, receiptSchema, resetBodySchema,
  resetRequestBodySchema, restaurantSchema, rideSchema, signinBodySchema, signupAccountSchema, signupBodySchema,
  submissionSchema, attendanceSchema, featuredSchema, likeSchema, settingsSchema, emailIndexSchema, refreshSessionSchema,
} from '../../design-docs/src/index.ts';
import * as F from './validate-support.ts';

function messages(schema: z.ZodType, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

const factories = [
  F.event(), F.band(), F.restaurant(), F.provider(), F.product(), F.heroSlide(), F.ad(), F.partner(), F.featured(),
  F.profile(), F.attendance(), F.rating(), F.pkg(), F.ride(), F.form(), F.eventDiscount(), F.chatMessage(),
  F.privateMessage(), F.like(), F.settings(), F.submission(), F.receipt(), F.notification(), F.account(),
  F.emailDoc(), F.refresh(), F.reset(), F.revocation(), F.lease(), F.usage(), F.received(), F.pushDevices(), F.reminder(), F.block(), F.report(),
  F.uploadRecord(), F.uploadUsage(),
];

describe('document schemas', () => {
  it('cover every document type', () => {
    expect(new Set(factories.map((d) => d.type))).toEqual(new Set(Object.keys(docSchemas)));
  });

  it.each(factories.map((d) => [d.type, d]))('accept the %s the validators accept', (_t, doc) => {
    const r = parseDoc(doc);
    expect(r).toMatchObject({ success: true });
  });

  it('refuse unknown types and ids of another type', () => {
    expect(parseDoc({ _id: 'x:1', type: 'x' })).toEqual({ success: false, error: 'Unknown document type x' });
    expect(parseDoc(null)).toMatchObject({ success: false });
    expect(messages(eventSchema, F.event({ _id: 'band:e1' }))).toContain('_id must start with event:');
    expect(messages(settingsSchema, F.settings({ _id: 'settings:x' }))).toContain('_id must be settings:main');
  });

  it('settings keep the bell\'s seen status per submission id', () => {
    expect(messages(settingsSchema, F.settings({ submissions_seen: { 'sub-1': 'pending', 'sub-2': 'processed' } }))).toEqual([]);
    expect(messages(settingsSchema, F.settings({ submissions_seen: { 'submission:1': 'pending' } }))).toEqual(['Invalid key in record']);
  });

  it('check deterministic ids against their fields', () => {
    expect(messages(likeSchema, F.like({ item_id: 'e2' }))).toEqual(['_id must be like:{item_type}:{item_id}']);
    expect(messages(attendanceSchema, F.attendance({ user_id: 'u2' }))).toEqual([
      '_id must be attendance:{target_type}:{target_id}:{user_id}',
    ]);
    expect(messages(ratingSchema, F.rating({ target_id: 'f2' }))).toEqual([
      '_id must be rating:{target_type}:{target_id}:{user_id}',
    ]);
    expect(messages(featuredSchema, F.featured({ item_type: 'band' }))).toEqual(['_id must be featured:{item_type}:{item_id}']);
    expect(messages(formSchema, F.form({ targetid: 'k2' }))).toEqual(['_id must be form:{formtype}:{targetid}']);
    expect(messages(submissionSchema, F.submission({ id: 's2' }))).toEqual(['_id must be submission:{id}']);
    expect(messages(emailIndexSchema, F.emailDoc({ _id: 'email:Maya@example.com' }))).toEqual([
      '_id must hold the normalised e-mail',
    ]);
    expect(messages(refreshSessionSchema, F.refresh({ _id: 'reset:abc' }))).toContain('_id must be refresh:{sha256}');
  });

  it('use the spec’s messages for the admin add forms', () => {
    expect(messages(eventSchema, F.event({ title: '' }))).toEqual(['Please fill in all required fields']);
    expect(messages(productSchema, F.product({ brand: ' ' }))).toEqual(['Please fill in all required fields']);
    expect(messages(providerSchema, F.provider({ last_name: '' }))).toEqual(['First name and last name are required']);
    expect(messages(restaurantSchema, F.restaurant({ location: undefined }))).toEqual(['Name and location are required']);
    expect(messages(rideSchema, F.ride({ subtitle: '' }))).toEqual(['Title and subtitle are required']);
    expect(messages(packageSchema, F.pkg({ title: undefined }))).toEqual(['Title and subtitle are required']);
    expect(messages(receiptSchema, F.receipt({ title: '' }))).toEqual(['Please fill in all required fields']);
  });

  it('refuse hostile links and accept paths', () => {
    expect(messages(eventSchema, F.event({ ticket_url: 'javascript:alert(1)' }))).toEqual([
      'Links must start with http:// or https://',
    ]);
    expect(messages(eventSchema, F.event({ ticket_url: ' java\nscript:alert(1)' }))).toHaveLength(1);
    expect(eventSchema.safeParse(F.event({ image_url: 'events/1.jpg' })).success).toBe(true);
  });

  it('check ratings, messages and receipts', () => {
    const stars = 'Rating must be a whole number of stars from 1 to 5';
    expect(messages(ratingSchema, F.rating({ rating: 6 }))).toEqual([stars]);
    expect(messages(ratingSchema, F.rating({ rating: 2.5 }))).toEqual([stars]);
    expect(messages(messageSchema, F.chatMessage({ content: '  ' }))).toEqual(['Message cannot be empty']);
    expect(messages(messageSchema, F.chatMessage({ receiver_id: 'u2' }))).toEqual([
      'A public message has no receiver and a private one has one',
    ]);
    expect(messages(messageSchema, F.chatMessage({ created_at: '2020-01-01T00:00:00.000Z' }))).toEqual([
      '_id must be message:{created_at}:{rand}',
    ]);
    expect(messages(receiptSchema, F.receipt({ receipt_number: 'REC-1' }))).toEqual(['Receipt number must look like REC-12345']);
    expect(messages(receiptSchema, F.receipt({ balance_owed: 10 }))).toEqual(['Balance must equal amount minus amount paid']);
    expect(messages(submissionSchema, F.submission({ status: 'rejected' }))).toEqual([
      'Status must be pending, processed or completed',
    ]);
  });
});

describe('form schema', () => {
  const field = (o: object) => ({ id: 'f', type: 'text', label: 'Phone', required: false, ...o });

  it('uses the builder’s messages', () => {
    expect(messages(formSchema, F.form({ title: ' ' }))).toEqual(['Form title is required']);
    expect(messages(formSchema, F.form({ fields: [] }))).toEqual(['Form must have at least one field']);
    expect(messages(formSchema, F.form({ fields: [field({ type: 'select', options: ['', '  '] })] }))).toEqual([
      'Please add at least one option for the dropdown field',
    ]);
    // A checkbox without options is a single yes/no box (ADR 045).
    expect(messages(formSchema, F.form({ fields: [field({ type: 'checkbox' })] }))).toEqual([]);
    expect(messages(formSchema, F.form({ fields: [field({ options: ['a'] })] }))).toEqual([
      'Only dropdown and checkbox fields have options',
    ]);
    expect(messages(formSchema, F.form({ fields: [field({ id: 'a' }), field({ id: 'b' })] }))).toEqual([
      'Field labels must be unique',
    ]);
  });

  it('drops blank dropdown lines and defaults the submit text', () => {
    const { submitButtonText: _s, ...noText } = F.form({ fields: [field({ type: 'select', options: ['A', ' ', 'B '] })] });
    const parsed = formSchema.parse(noText);
    expect(parsed.fields[0]!.options).toEqual(['A', 'B']);
    expect(parsed.submitButtonText).toBe('Submit');
  });

  it('lists missing required answers as the fill-in screen does', () => {
    const fields = formSchema.parse(F.form()).fields;
    expect(missingRequiredFields(fields, {})).toEqual(['Phone', 'Extras']);
    expect(missingRequiredFields(fields, { Phone: ' ', Extras: [] })).toEqual(['Phone', 'Extras']);
    expect(missingRequiredFields(fields, { Phone: '555', Extras: ['Lunch'] })).toEqual([]);
    expect(messages(formAnswersSchema(fields), { Extras: ['Lunch'] })).toEqual([
      'Please fill in the following required fields: Phone',
    ]);
    const single = [{ type: 'checkbox' as const, label: 'I agree', required: true }];
    expect(missingRequiredFields(single, { 'I agree': false })).toEqual(['I agree']);
    expect(missingRequiredFields(single, { 'I agree': true })).toEqual([]);
  });
});

describe('API bodies', () => {
  const signup = {
    email: 'maya@example.com', password: 'secret1', first_name: 'Maya', last_name: 'Lee',
    territory: 'Trinidad and Tobago', locality: 'San Fernando',
  };

  it('accept a full sign-up and trim it', () => {
    expect(signupBodySchema.parse({ ...signup, email: ' maya@example.com ', first_name: ' Maya ' })).toEqual(signup);
  });

  it('give the sign-up wizard’s messages', () => {
    expect(messages(signupBodySchema, { ...signup, first_name: '' })).toEqual(['Please fill in all required fields']);
    expect(messages(signupAccountSchema, { ...signup, email: undefined })).toEqual(['Please fill in all required fields']);
    expect(messages(signupBodySchema, { ...signup, password: '12345' })).toEqual([
      'Password must be at least 6 characters long',
    ]);
    expect(messages(signupBodySchema, { ...signup, territory: '' })).toEqual(['Please fill in all location fields']);
    expect(messages(signupBodySchema, { ...signup, locality: ' ' })).toEqual(['Please fill in all location fields']);
    expect(messages(signupBodySchema, { ...signup, territory: 'Trinidad' })).toEqual([
      'Please choose a territory from the list',
    ]);
    expect(messages(signupBodySchema, { ...signup, email: 'maya' })).toEqual(['Please enter a valid email address']);
    expect(messages(profileLocationInputSchema, { territory: 'Jamaica', locality: '' })).toEqual([
      'Please fill in all location fields',
    ]);
  });

  it('check sign-in, reset and password change', () => {
    expect(signinBodySchema.safeParse({ email: 'maya@example.com', password: 'x' }).success).toBe(true);
    expect(messages(signinBodySchema, { email: '', password: '' })).toContain('Please enter your email and password');
    expect(messages(resetRequestBodySchema, {})).toEqual(['Please enter your email address']);
    expect(messages(resetRequestBodySchema, { email: '  ' })).toEqual(['Please enter your email address']);
    expect(messages(resetBodySchema, { token: 't', password: '123' })).toEqual([
      'Password must be at least 6 characters long',
    ]);
    expect(messages(passwordChangeBodySchema, { current_password: 'old-one', password: 'abcdef' })).toEqual([]);
    expect(messages(passwordChangeBodySchema, { password: 'abcdef' })).toEqual(['Please enter your current password']);
    expect(messages(settingsPasswordFormSchema, { current_password: '', password: 'abcdeg', confirm_password: 'abcdeg' })).toEqual([
      'Please enter your current password',
    ]);
    expect(messages(passwordChangeFormSchema, { password: 'abcdef', confirm_password: 'abcdeg' })).toEqual([
      'Passwords do not match',
    ]);
  });

  it('check the form-status notification body', () => {
    expect(formStatusNotificationBodySchema.safeParse({ submissionId: 's1', status: 'completed' }).success).toBe(true);
    expect(messages(formStatusNotificationBodySchema, { submissionId: 's1', status: 'done' })).toEqual([
      'Status must be pending, processed or completed',
    ]);
  });

  it('check the member’s Create Event form', () => {
    const input = {
      title: 'Fete', category: 'Party', date: '2025-03-01', start_time: '18:00', end_time: '23:00', country: 'Trinidad',
      state: 'Port of Spain', location: 'Savannah', description: 'All night', price: '', capacity: 100,
    };
    expect(eventCreateInputSchema.parse(input)).toMatchObject({ title: 'Fete', capacity: 100 });
    expect(eventCreateInputSchema.parse(input).price).toBeUndefined();
    expect(messages(eventCreateInputSchema, { ...input, description: '' })).toEqual(['Please fill in all required fields']);
    expect(messages(eventCreateInputSchema, { ...input, start_time: '' })).toEqual(['Please fill in all required fields']);
    expect(messages(eventCreateInputSchema, { ...input, capacity: 1.5 })).toEqual(['Capacity must be a whole number']);
    expect(messages(eventCreateInputSchema, { ...input, price: -1 })).toEqual(['Amounts cannot be negative']);
  });
});
