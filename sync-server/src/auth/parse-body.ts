// Reads and checks a JSON body against a design-docs schema: malformed JSON, a non-object or
// a failed rule is a 400 carrying the first message, which is what the member sees.
import type { Context } from 'hono';
import type * as z from 'zod';
import { readJsonObject, validationError } from '../http-errors.ts';

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const raw = await readJsonObject(c);
  const result = schema.safeParse(raw);
  if (!result.success) throw validationError(result.error);
  return result.data;
}
