// Fete Packages and Fete Rides share one shape; only the type and the colour presets differ.
import * as z from 'zod';
import { docBase, optionalLink, order, requiredText, text, timestamps } from './common.ts';

const TITLE_AND_SUBTITLE = 'Title and subtitle are required';

function packageShape<T extends 'package' | 'ride'>(type: T) {
  return z.strictObject({
    ...docBase(type),
    title: requiredText(TITLE_AND_SUBTITLE),
    subtitle: requiredText(TITLE_AND_SUBTITLE),
    description: text,
    /** `/form/...` navigates in the app; any other link opens a new tab. */
    buttonlink: optionalLink,
    bgcolor: z.string(),
    textcolor: z.string(),
    order: order.default(0),
    active: z.boolean().default(true),
    ...timestamps,
  });
}

export const packageSchema = packageShape('package');
export type PackageDoc = z.infer<typeof packageSchema>;
export const rideSchema = packageShape('ride');
export type RideDoc = z.infer<typeof rideSchema>;
