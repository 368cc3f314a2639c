import fc from 'fast-check';

/** The part of JSON Schema the OpenAPI document of the API uses for requests. */
export type JsonSchema = {
  type?: string;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  default?: unknown;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

/** One operation of the document, with what its request carries. */
export type Operation = {
  method: string;
  path: string;
  pathParams: Record<string, JsonSchema>;
  query: Record<string, JsonSchema>;
  queryRequired: string[];
  body: JsonSchema | undefined;
};

type Parameter = { in: string; name: string; required?: boolean; schema: JsonSchema };
type DocumentOperation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};

/** Every operation of an OpenAPI document. */
export function operationsOf(document: {
  paths: Record<string, Record<string, DocumentOperation>>;
}): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const of = (where: string) =>
        Object.fromEntries(
          parameters.filter((p) => p.in === where).map((p) => [p.name, p.schema]),
        ) as Record<string, JsonSchema>;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: of('path'),
        query: of('query'),
        queryRequired: parameters.filter((p) => p.in === 'query' && p.required).map((p) => p.name),
        body: operation.requestBody?.content?.['application/json']?.schema,
      };
    }),
  );
}

/** Characters the text rule refuses: C0 (NUL first), DEL, C1, and half a surrogate pair. */
export const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u000b',
  '\u000c',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009f',
  '\ud800',
  '\udfff',
];
/** Days PostgreSQL or the contracts refuse; year 0000 first. */
export const OUT_OF_RANGE_DAYS = [
  '0000-01-01',
  '0001-01-01',
  '1899-12-31',
  '1999-12-31',
  '2101-01-01',
  '9999-12-31',
];

/** Plausible text as people type it, in the languages and scripts of the country. */
const TYPED = [
  'Siti Nurhaliza',
  "Nur'aini Putri",
  'Dr. I Wayan Sudarsana, S.Pd.',
  'José Ñúñez',
  'Guru 👩🏽‍🏫 hebat',
  'Baris satu\nBaris dua\r\nBaris tiga',
  'ꦲꦏ꧀ꦱꦫ',
  '421/9/Disdik/2026',
];

const inRangeDay = fc
  .date({
    min: new Date('2000-01-01T00:00:00Z'),
    max: new Date('2100-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((date) => date.toISOString().slice(0, 10));

function stringOf(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'date' || /date$|^dob$|^from$|^to$/i.test(name)) {
    // A birth date comes from the past; an operational day from 2000 on.
    return /birth|dob/i.test(name)
      ? fc.constantFrom('1980-06-05', '1975-06-30', '2013-09-01')
      : inRangeDay;
  }
  if (schema.format === 'date-time') {
    return fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString());
  }
  if (schema.format === 'uuid') return fc.uuid();
  if (/mail/i.test(name)) return fc.emailAddress();
  if (schema.pattern && !/\\p\{/.test(schema.pattern)) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot read: plain text below.
    }
  }
  const max = Math.min(schema.maxLength ?? 40, 40);
  return fc.oneof(
    fc.constantFrom(...TYPED.filter((text) => text.length <= max)),
    fc.string({ minLength: Math.min(schema.minLength ?? 0, max), maxLength: max }),
  );
}

/** Values that fit a schema most of the time: they reach the handlers, not only validation. */
export function valueOf(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const base = ((): fc.Arbitrary<unknown> => {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const options = schema.anyOf ?? schema.oneOf;
    if (options) return fc.oneof(...options.map((option) => valueOf(option, name)));
    switch (schema.type) {
      case 'string':
        return stringOf(schema, name);
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 10, 50) });
      case 'number':
        return fc.double({ noNaN: true, min: schema.minimum ?? -10, max: schema.maximum ?? 10 });
      case 'boolean':
        return fc.boolean();
      case 'array':
        return fc.array(valueOf(schema.items ?? {}, name), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 3, 3),
        });
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        return fc.record(
          Object.fromEntries(
            Object.entries(properties).map(([key, property]) => [key, valueOf(property, key)]),
          ),
          { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
        );
      }
      default:
        return fc.jsonValue({ maxDepth: 1 });
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null, freq: 8 }) : base;
}

/** The paths to every string in a value, for a poison to replace one of them. */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value))
    return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

const DAY_LIKE = /^\d{4}-\d{2}-\d{2}/;
const valueAt = (value: unknown, path: (string | number)[]): unknown =>
  path.reduce<unknown>((item, key) => (item as Record<string | number, unknown>)[key], value);

/**
 * A value made bad: a control character put into one of its strings (NUL most often, the one
 * PostgreSQL refuses), or every day in it moved out of the range, so that a range of two days
 * stays a range and reaches the code behind its check.
 */
const poisonOf = fc.oneof(
  fc
    .record({
      control: fc.oneof(fc.constant('\u0000'), fc.constantFrom(...CONTROL_CHARACTERS)),
      position: fc.nat(),
      pick: fc.nat(),
    })
    .map(
      ({ control, position, pick }) =>
        (value: unknown) =>
          poisoned(value, pick, (text) => {
            const index = position % (text.length + 1);
            return `${text.slice(0, index)}${control}${text.slice(index)}`;
          }),
    ),
  fc
    .record({ day: fc.constantFrom(...OUT_OF_RANGE_DAYS), pick: fc.nat() })
    .map(({ day, pick }) => (value: unknown) => {
      const days = stringPaths(value).filter((path) => DAY_LIKE.test(String(valueAt(value, path))));
      if (days.length === 0) return poisoned(value, pick, () => day);
      return days.reduce<unknown>(
        (changed, path) => poisoned(changed, 0, (text) => `${day}${text.slice(10)}`, path),
        value,
      );
    }),
);

/** A copy of a value with one of its strings (`chosen`, or picked) poisoned. */
function poisoned(
  value: unknown,
  pick: number,
  poison: (text: string) => string,
  chosen?: (string | number)[],
): unknown {
  const paths = chosen ? [chosen] : stringPaths(value);
  if (paths.length === 0) return value;
  const target = paths[pick % paths.length]!;
  const copy = structuredClone(value);
  if (target.length === 0) return poison(copy as string);
  let parent = copy as Record<string | number, unknown>;
  for (const key of target.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = target.at(-1)!;
  parent[last] = poison(parent[last] as string);
  return copy;
}

/** Poisons one string of a value half of the time. */
export const maybePoisoned = (value: fc.Arbitrary<unknown>) =>
  fc
    .record({ value, poison: fc.option(poisonOf, { freq: 2 }) })
    .map(({ value: generated, poison }) => (poison ? poison(generated) : generated));
