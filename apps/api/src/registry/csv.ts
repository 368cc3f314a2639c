// COPY ... WITH (FORMAT csv) reads an unquoted empty field as NULL, so an empty string must be
// quoted; `\.` alone on a line ends the data unless quoted.
const NEEDS_QUOTES = /[",\r\n]|^$|^\\\.$/;

export type CsvValue = string | number | null;

function field(value: CsvValue): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  return NEEDS_QUOTES.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line for COPY, newline included; null becomes NULL, '' stays an empty string. */
export function csvLine(values: readonly CsvValue[]): string {
  // join() gives a flat string; += would keep a rope of every field alive in batches.
  const fields = new Array<string>(values.length);
  for (let i = 0; i < values.length; i++) fields[i] = field(values[i] ?? null);
  return `${fields.join(',')}\n`;
}
