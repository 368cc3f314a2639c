import { saveFile } from '~/components/save-file';

type Cell = string | number;

const quoted = (cell: Cell): string => {
  const text = String(cell);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

/** RFC 4180 CSV: comma separated, CRLF line ends, quotes only where a cell needs them. */
export const toCsv = (rows: readonly (readonly Cell[])[]): string =>
  rows.map((row) => row.map(quoted).join(',')).join('\r\n') + '\r\n';

/**
 * Saves the rows as a UTF-8 CSV file made in the browser. The byte order mark makes
 * spreadsheet programs read the file as UTF-8 (names of months, the en dash).
 */
export function downloadCsv(fileName: string, rows: readonly (readonly Cell[])[]): void {
  saveFile(new Blob(['\uFEFF', toCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName);
}
