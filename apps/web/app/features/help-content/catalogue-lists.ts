/** Reads a `returnObjects` list of strings, dropping anything that is not one. */
export function stringList(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string')
    : [];
}

export type TitledText = { title: string; body: string };

/** Reads a `returnObjects` list of `{ title, body }` entries, dropping malformed ones. */
export function titledList(value: unknown): TitledText[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    if (typeof item !== 'object' || item === null) return [];
    const { title, body } = item as Record<string, unknown>;
    return typeof title === 'string' && typeof body === 'string' ? [{ title, body }] : [];
  });
}

/** A piece of long-form text: a paragraph, a sub-heading or a bullet list. */
export type ContentBlock =
  { kind: 'p'; text: string } | { kind: 'h3'; text: string } | { kind: 'ul'; items: string[] };

/**
 * Reads a `returnObjects` list of blocks written in the catalogue as `{ "p": "..." }`,
 * `{ "h3": "..." }` or `{ "ul": ["...", "..."] }`, dropping anything else.
 */
export function contentBlocks(value: unknown): ContentBlock[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): ContentBlock[] => {
    if (typeof item !== 'object' || item === null) return [];
    const block = item as Record<string, unknown>;
    if (typeof block.p === 'string') return [{ kind: 'p', text: block.p }];
    if (typeof block.h3 === 'string') return [{ kind: 'h3', text: block.h3 }];
    if (Array.isArray(block.ul)) return [{ kind: 'ul', items: stringList(block.ul) }];
    return [];
  });
}
