import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as AccountLookup from './account-lookup';
import * as ApiError from './api-error';
import * as Brand from './brand';
import * as BusinessConstants from './business-constants';
import * as CountedMessage from './counted-message';
import * as FeatureToggles from './feature-toggles';
import * as OneTimeCodes from './one-time-codes';
import * as OperationalDates from './operational-dates';
import * as PasswordReset from './password-reset';
import * as Tracking from './tracking';
import * as TypedText from './typed-text';
import * as UserTypes from './user-types';
import * as WebRoutes from './web-routes';

// Every module of the contracts; a new one is added here.
const modules: Record<string, Record<string, unknown>> = {
  'account-lookup': AccountLookup,
  'api-error': ApiError,
  brand: Brand,
  'business-constants': BusinessConstants,
  'counted-message': CountedMessage,
  'feature-toggles': FeatureToggles,
  'one-time-codes': OneTimeCodes,
  'operational-dates': OperationalDates,
  'password-reset': PasswordReset,
  tracking: Tracking,
  'typed-text': TypedText,
  'user-types': UserTypes,
  'web-routes': WebRoutes,
};

// Wrong in every way a client can be: missing, of another type, too long, not an option.
const BAD_INPUTS: unknown[] = [
  undefined,
  null,
  42,
  true,
  '',
  'x'.repeat(20_000),
  'bukan-pilihan',
  [],
  {},
  { a: 1 },
  [{ key: 1 }],
];

// zod's English defaults: "Invalid input: expected ...", "Too big: ...", "Unrecognized key".
const ENGLISH = /\b(invalid|expected|too (big|small)|required|unrecognized|must|received)\b/i;

function messagesOf(schema: z.ZodType): string[] {
  return BAD_INPUTS.flatMap((input) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((issue) => issue.message);
  });
}

describe('validation messages of the contracts', () => {
  it('are Indonesian for any bad input, never zod English defaults', () => {
    const schemas = Object.entries(modules).flatMap(([file, exports]) =>
      Object.entries(exports)
        .filter(([, value]) => value instanceof z.ZodType)
        .map(([name, schema]) => ({ name: `${file}:${name}`, schema: schema as z.ZodType })),
    );
    expect(schemas.length).toBeGreaterThan(20);
    const english = schemas.flatMap(({ name, schema }) =>
      messagesOf(schema)
        .filter((message) => ENGLISH.test(message))
        .map((message) => `${name}: ${message}`),
    );
    expect(english).toEqual([]);
  });
});
