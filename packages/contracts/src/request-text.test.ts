/// <reference types="vite/client" />
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as AccountLookup from './account-lookup';
import * as PasswordReset from './password-reset';

// Every contracts module is read: a request schema in a new one is checked without a list to
// keep up (passkeys' label was missed that way).
const modules: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.entries(
    import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], { eager: true }),
  ).map(([file, exports]) => [file.slice('./'.length, -'.ts'.length), exports]),
);

// Request schemas by name; the few named otherwise are listed.
const REQUEST_NAME = /(Body|Query|Params|Input)Schema$/;
// Answers, not requests, though named like them.
const RESPONSES = new Set(['ApiErrorBodySchema']);
const OTHER_REQUESTS = new Set([
  'LookupRequestSchema',
  'ReferralCodeCreateSchema',
  'TrackingRequestSchema',
  'TrackingEventSchema',
]);

// Passwords are secrets, hashed and never stored or shown as text (decision 0240).
const SECRETS = new Set(['password', 'password_confirmation', 'current_password']);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  valueType?: z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Whether a schema reads a string first: a string, or a pipe that starts from one. */
function readsString(schema: z.ZodType): boolean {
  const def = defOf(schema);
  return def.type === 'string' || (def.type === 'pipe' && readsString(def.in!));
}

/** The schemas that read a string, in a request schema, by their path. */
function stringLeaves(schema: z.ZodType, path: string): { path: string; schema: z.ZodType }[] {
  if (readsString(schema)) return [{ path, schema }];
  const def = defOf(schema);
  switch (def.type) {
    case 'object':
      return Object.entries(def.shape!)
        .filter(([key]) => !SECRETS.has(key))
        .flatMap(([key, value]) => stringLeaves(value, `${path}.${key}`));
    case 'array':
      return stringLeaves(def.element!, `${path}[]`);
    case 'record':
      return stringLeaves(def.valueType!, `${path}{}`);
    case 'union':
      return def.options!.flatMap((option, index) => stringLeaves(option, `${path}|${index}`));
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return stringLeaves(def.innerType!, path);
    case 'pipe':
      return [...stringLeaves(def.in!, path), ...stringLeaves(def.out!, path)];
    default:
      return [];
  }
}

const requestSchemas = (): { name: string; schema: z.ZodType }[] => [
  ...Object.entries(modules).flatMap(([file, exports]) =>
    Object.entries(exports)
      .filter(
        ([name, value]) =>
          value instanceof z.ZodType &&
          !RESPONSES.has(name) &&
          (REQUEST_NAME.test(name) || OTHER_REQUESTS.has(name)),
      )
      .map(([name, schema]) => ({ name: `${file}:${name}`, schema: schema as z.ZodType })),
  ),
  ...Object.entries(AccountLookup.LOOKUP_BODY_SCHEMAS).map(([type, schema]) => ({
    name: `account-lookup:LOOKUP_BODY_SCHEMAS.${type}`,
    schema: schema as z.ZodType,
  })),
  {
    name: 'password-reset:resetVerifyBodySchema',
    schema: PasswordReset.resetVerifyBodySchema('belajar'),
  },
];

const CONTROLS = ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085'];

describe('every string a request carries', () => {
  it('refuses control characters: no route can store what PostgreSQL refuses', () => {
    const leaves = requestSchemas().flatMap(({ name, schema }) => stringLeaves(schema, name));
    expect(leaves.length).toBeGreaterThan(40);
    const accepting = leaves.flatMap(({ path, schema }) =>
      CONTROLS.filter((control) => schema.safeParse(`Ab${control}cd`).success).map(
        (control) => `${path} takes ${JSON.stringify(control)}`,
      ),
    );
    expect(accepting, 'start the field from typedText() (typed-text.ts)').toEqual([]);
  });
});
