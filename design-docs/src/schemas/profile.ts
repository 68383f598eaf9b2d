import * as z from 'zod';
import { MEMBERSHIP_TYPES, PROFILE_ROLES } from '../constants.ts';
import { profileId } from '../ids.ts';
import { territorySchema } from './territory.ts';
import { docBase, idPart, isoDateTime, optionalImage, writtenAt, REQUIRED_FIELDS_MESSAGE, requiredText } from './common.ts';

export const LOCATION_FIELDS_MESSAGE = 'Please fill in all location fields';

export const profileSchema = z
  .strictObject({
    ...docBase('profile'),
    user_id: idPart,
    first_name: requiredText(REQUIRED_FIELDS_MESSAGE),
    last_name: requiredText(REQUIRED_FIELDS_MESSAGE),
    avatar_url: optionalImage,
    /** Blank is shown as 'Not Set'. */
    territory: z.string().default(''),
    locality: z.string().default(''),
    membership_type: z.enum(MEMBERSHIP_TYPES),
    membership_expires_at: isoDateTime.nullable(),
    role: z.enum(PROFILE_ROLES).default('member'),
    created_at: writtenAt,
  })
  .refine((d) => d._id === profileId(d.user_id), { error: '_id must be profile:{user_id}', path: ['_id'] });
export type ProfileDoc = z.infer<typeof profileSchema>;

/** The only fields a member may change on their own profile (ADR 001). */
export { PROFILE_SELF_FIELDS } from '../rules.ts';

/** Settings > Edit Profile. */
export const profileNameInputSchema = z.object({
  first_name: requiredText(REQUIRED_FIELDS_MESSAGE),
  last_name: requiredText(REQUIRED_FIELDS_MESSAGE),
});

/** Settings > Update Location, and sign-up step 2. */
export const profileLocationInputSchema = z.object({
  territory: territorySchema,
  locality: requiredText(LOCATION_FIELDS_MESSAGE),
});
