import { stringify } from 'csv-stringify/sync';

// OWASP's CSV injection list: a spreadsheet reads a cell that starts with one of these as a
// formula (tab and CR because some programs trim them and read what follows).
const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell no spreadsheet runs: one that would start a formula gets a leading `'` (decision 0250). */
export const inertCell = (value: string): string =>
  FORMULA_START.test(value) ? `'${value}` : value;

/** A CSV file as spreadsheets on Windows open it: a BOM, CRLF lines, no cell a formula. */
export const csvFile = (rows: readonly (readonly string[])[]): string =>
  stringify(
    rows.map((row) => row.map(inertCell)),
    { bom: true, record_delimiter: 'windows' },
  );
