import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * A react-hook-form resolver over a contract's zod schema, so the form and the server check one
 * schema. `toBody` turns the form's values into the body the schema reads (fields the page holds
 * itself, such as a token, join here). Each field keeps its first issue, with the issue's code
 * as the error's `type`; an issue of no field of the form becomes the form's `root` error.
 * Errors come in the schema's order, so the first one is the one to show when a form shows one.
 */
export function contractResolver<Values extends FieldValues, Body>(
  schema: z.ZodType<Body>,
  toBody: (values: Values) => unknown = (values) => values,
): Resolver<Values, unknown, Body> {
  return async (values) => {
    const parsed = schema.safeParse(toBody(values));
    if (parsed.success) return { values: parsed.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of parsed.error.issues) {
      const head = String(issue.path[0] ?? '');
      const field = head in values ? head : 'root';
      errors[field] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
