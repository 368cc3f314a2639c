import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as AccountDeletion from './account-deletion';
import * as AccountLookup from './account-lookup';
import * as Announcements from './announcements';
import * as Console from './console';
import * as DinasRequest from './dinas-request';
import * as PasswordReset from './password-reset';
import * as Profile from './profile';
import * as SchoolAdmin from './school-admin';
import * as SignIn from './sign-in';
import * as Staff from './staff';
import * as Statistics from './statistics';
import * as Tracking from './tracking';

// Every module whose schemas a request is read with; a new one is added here.
const modules: Record<string, Record<string, unknown>> = {
  'account-deletion': AccountDeletion,
  'account-lookup': AccountLookup,
  announcements: Announcements,
  console: Console,
  'dinas-request': DinasRequest,
  'password-reset': PasswordReset,
  profile: Profile,
  'school-admin': SchoolAdmin,
  'sign-in': SignIn,
  staff: Staff,
  statistics: Statistics,
  tracking: Tracking,
};

// Request schemas by name; the few named otherwise are listed.
const REQUEST_NAME = /(Body|Query|Params|Input)Schema$/;
const OTHER_REQUESTS = new Set([
  'LookupRequestSchema',
  'ReferralCodeCreateSchema',
  'TrackingRequestSchema',
  'TrackingEventSchema',
]);

// Passwords are secrets, hashed and never stored or shown as text (decision 0240).
const SECRETS = new Set(['password', 'password_confirmation', 'current_password', 'new_password']);

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
          value instanceof z.ZodType && (REQUEST_NAME.test(name) || OTHER_REQUESTS.has(name)),
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
