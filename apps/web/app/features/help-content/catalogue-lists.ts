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
