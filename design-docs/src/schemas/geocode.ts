// `GET /api/geocode?q=`: place search for the restaurant map (ADR 033). Shared by the app's
// search box and the server's route, so both refuse the same questions with the same words.
import * as z from 'zod';

export const GEOCODE_QUERY_MIN = 2;
export const GEOCODE_QUERY_MAX = 200;

/** The texts the map shows when the search cannot help; manual coordinates always work. */
export const GEOCODER_UNAVAILABLE_MESSAGE = 'Place search could not be reached. You can still set the position on the map or type the latitude and longitude.';
export const GEOCODER_NOT_SET_UP_MESSAGE = 'Place search is not available here. You can still set the position on the map or type the latitude and longitude.';
export const GEOCODER_BUSY_MESSAGE = 'Place search is busy. Please try again in a moment.';

/** One question however it is typed: case, outer and repeated spaces aside (the caches' key). */
export function normalisePlaceQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

export const geocodeQuerySchema = z.object({
  q: z
    .string({ error: 'Type a place to search for' })
    .trim()
    .min(GEOCODE_QUERY_MIN, `Type at least ${GEOCODE_QUERY_MIN} characters`)
    .max(GEOCODE_QUERY_MAX, `Keep the search under ${GEOCODE_QUERY_MAX} characters`),
});

export const placeSchema = z.object({
  name: z.string(),
  lat: z.number().min(-90).max(90),
  lon: z.number().min(-180).max(180),
});
export type Place = z.infer<typeof placeSchema>;

export const geocodeAnswerSchema = z.object({ places: z.array(placeSchema).max(10) });
export type GeocodeAnswer = z.infer<typeof geocodeAnswerSchema>;
