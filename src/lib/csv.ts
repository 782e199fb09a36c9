import Papa from 'papaparse';
import { saveFile } from './save-file';

/** UTF-8 byte order mark: Excel then reads Hindi names as UTF-8. */
const BOM = '\uFEFF';

/** Rows as CSV text (papaparse quotes commas, quotes and line breaks), with the BOM. */
export const toCsv = (rows: readonly (readonly (string | number | null)[])[]): string =>
  BOM +
  Papa.unparse(
    rows.map((r) => [...r]),
    { newline: '\r\n' },
  );

/** Downloads `rows` as a CSV file named `name`. */
export function downloadCsv(name: string, rows: readonly (readonly (string | number | null)[])[]): void {
  saveFile(new Blob([toCsv(rows)], { type: 'text/csv;charset=utf-8' }), name);
}
