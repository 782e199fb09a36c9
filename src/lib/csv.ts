import Papa from 'papaparse';
import { saveFile } from './save-file';

/** UTF-8 byte order mark: Excel then reads Hindi names as UTF-8. */
const BOM = '\uFEFF';

/**
 * Rows as CSV text (papaparse quotes commas, quotes and line breaks), with the BOM. A text
 * cell beginning with =, +, -, @, a tab or a carriage return would be a live formula in a
 * spreadsheet (a center named '=HYPERLINK(...)'), so papaparse's escapeFormulae writes it
 * with a leading apostrophe. It leaves numbers alone: counts are passed as numbers and stay
 * numbers (-5 is written -5); a number passed as text ('-5') is escaped like any text.
 */
export const toCsv = (rows: readonly (readonly (string | number | null)[])[]): string =>
  BOM +
  Papa.unparse(
    rows.map((r) => [...r]),
    { newline: '\r\n', escapeFormulae: true },
  );

/** Downloads `rows` as a CSV file named `name`. */
export function downloadCsv(name: string, rows: readonly (readonly (string | number | null)[])[]): void {
  saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), name);
}
