import { describe, expect, it } from 'vitest';
import {
  buildGroupReport,
  detailsRangeOf,
  reportConditions,
  financialYearOf,
  reportCategoryOf,
  reportDateOf,
  reportGenderOf,
  reportPeriodOf,
  reportPeriods,
  yearEarlier,
} from '../../../sync/contract';

/* The report rule of part 2 (sections 2, 9): periods with the 31 March cut-off, categories, genders. */

describe('report periods', () => {
  it('defaults to the financial year of today, 1 April to 31 March', () => {
    expect(financialYearOf('2026-03-31')).toEqual({ from: '2025-04-01', to: '2026-03-31' });
    expect(financialYearOf('2026-04-01')).toEqual({ from: '2026-04-01', to: '2027-03-31' });
    const p = reportPeriods(null, null, '2026-11-23');
    expect(p).toMatchObject({
      from_date: '2026-04-01',
      to_date: '2027-03-31',
      from_last: '2025-04-01',
      to_last: '2026-03-31',
      start_year: 2026,
      end_year: 2027,
      pre_start_year: 2025,
      pre_end_year: 2026,
    });
    // Earlier years end on 31 March of the previous period's end year, before the previous period.
    expect(p.till_to).toBe('2025-03-31');
  });

  it('a leap day a year earlier is 28 February', () => {
    expect(yearEarlier('2024-02-29')).toBe('2023-02-28');
    expect(yearEarlier('2025-03-01')).toBe('2024-03-01');
    const p = reportPeriods('2024-01-01', '2024-02-29', '2030-01-01');
    expect(p.to_last).toBe('2023-02-28');
    expect(reportPeriodOf('2023-02-28', p)).toBe('pre');
    expect(reportPeriodOf('2023-03-01', p)).toBeNull();
  });

  it('a range across the cut-off: earlier years stop before the previous period', () => {
    const p = reportPeriods('2025-02-01', '2025-05-31', '2030-01-01');
    expect(p).toMatchObject({ from_last: '2024-02-01', to_last: '2024-05-31', till_to: '2024-01-31' });
    expect(reportPeriodOf('2025-03-31', p)).toBe('new');
    expect(reportPeriodOf('2024-04-01', p)).toBe('pre');
    expect(reportPeriodOf('2024-01-31', p)).toBe('till');
    expect(reportPeriodOf('2024-06-01', p)).toBeNull();
  });

  it('a short range inside a year: the cut-off is 31 March of the previous end year', () => {
    const p = reportPeriods('2025-06-01', '2025-08-31', '2030-01-01');
    expect(p.till_to).toBe('2024-03-31');
    expect(reportPeriodOf('2024-04-15', p)).toBeNull();
    expect(reportPeriodOf('2019-12-31', p)).toBe('till');
  });

  it('an entry falls in one period only when the range is longer than a year', () => {
    const p = reportPeriods('2023-01-01', '2025-12-31', '2030-01-01');
    expect(reportPeriodOf('2023-06-01', p)).toBe('new');
    expect(reportPeriodOf('2022-06-01', p)).toBe('pre');
  });

  it('details of a count: previous-period counts use from_last and to_last', () => {
    const p = reportPeriods('2025-04-01', '2026-03-31', '2030-01-01');
    expect(detailsRangeOf('pre', p)).toEqual({ from_date: '2024-04-01', to_date: '2025-03-31' });
    expect(detailsRangeOf('till', p)).toEqual({ from_date: null, to_date: '2024-03-31' });
    expect(detailsRangeOf('new', p)).toEqual({ from_date: '2025-04-01', to_date: '2026-03-31' });
  });
});

describe('report categories and genders', () => {
  it('categories are the history tables', () => {
    expect(reportCategoryOf('higher_education')).toBe('education');
    expect(reportCategoryOf('run_away')).toBe('escort_exit');
    expect(reportCategoryOf('referFromCwc')).toBe('cwc');
    expect(reportCategoryOf('registration')).toBeNull();
  });
  it('genders and the activity date', () => {
    expect(reportGenderOf(' male ')).toBe('Male');
    expect(reportGenderOf('FEMALE')).toBe('Female');
    expect(reportGenderOf('Other')).toBeNull();
    expect(reportDateOf({ transfer_date: null, history_date: '2025-01-02' })).toBe('2025-01-02');
    expect(reportDateOf({ transfer_date: '2025-01-03T00:00:00Z' })).toBe('2025-01-03');
    expect(reportDateOf({})).toBeNull();
  });
});

describe("a count's details (group report: isTotal, time, type noaction with where2)", () => {
  it('conditions: where/value pairs, a third pair only when type is noaction, anything else refused', () => {
    const base = { where: 'category', value: 'mhp', where1: 'novalue', value1: 'novalue' };
    expect(reportConditions(base)).toEqual({ category: 'mhp', gender: null });
    expect(reportConditions({ ...base, where2: 'gender', value2: 'Female' })).toEqual({
      category: 'mhp',
      gender: null,
    });
    expect(reportConditions({ ...base, type: 'noaction', where2: 'gender', value2: 'Female' })).toEqual({
      category: 'mhp',
      gender: 'Female',
    });
    expect(reportConditions({ ...base, type: 'noaction', where2: 'password', value2: 'x' })).toBeNull();
    expect(reportConditions({ ...base, where1: 'gender', value1: 'Other' })).toBeNull();
  });

  it("the group report's cells say whether they are the Total column, and MHP's carry the time flag", () => {
    const p = reportPeriods('2025-04-01', '2026-03-31', '2026-06-01');
    const answer = buildGroupReport(
      new Map([['2|mhp|Male', 3]]),
      p,
      [
        { id: 2, name: 'A' },
        { id: 3, name: 'B' },
      ],
      new Map(),
    );
    // The cells carry the groupSingleReport conditions as the spec sends them (part 2 section 7).
    const mhpMale = { where: 'category', value: 'mhp', where1: 'gender', value1: 'Male', time: 'yes' };
    const mhp = answer.mhp as Record<string, { centerId: number | 'total'; total: number; searchParams: object }[]>;
    expect(mhp.Male!.map((c) => c.searchParams)).toEqual([
      { ...mhpMale, centerId: 2, isTotal: 'no' },
      { ...mhpMale, centerId: 3, isTotal: 'no' },
      { ...mhpMale, isTotal: 'yes' },
    ]);
    expect(mhp.Male!.map((c) => c.total)).toEqual([3, 0, 3]);
    const education = answer.education as Record<string, { searchParams: Record<string, unknown> }[]>;
    expect(education.Total!.at(-1)!.searchParams).toEqual({
      where: 'category',
      value: 'education',
      where1: 'novalue',
      value1: 'novalue',
      isTotal: 'yes',
    });
  });
});
