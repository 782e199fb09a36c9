import { REPORT_NO_VALUE, reportCategories, statusLabel } from '../../../../sync';
import { showDate } from '../../../lib/dates';
import { textOf } from '../../../lib/i18n';
import { labelNow } from './label-now';

/*
 * Which count a details page explains, in words, from the conditions its URL carries
 * (part 2 section 4: center, dates, gender and the search conditions; section 7: group
 * details name the gender through where1/value1 and may add where2/value2): the report's
 * row (its category), its column (the gender), the center and the period, in the language shown.
 */

export type DetailsScope = { row: string; column: string; center: string; period: string };

const given = (v: string | null): v is string => v !== null && v !== '' && v !== REPORT_NO_VALUE;

/** A category's title from its key, or from one of its statuses (a spec-shaped server's where=history_status). */
function categoryWords(where: string, value: string): string {
  const category =
    where === 'category'
      ? reportCategories.find((c) => c.key === value)
      : reportCategories.find((c) => c.statuses.includes(value));
  return labelNow(category?.title ?? statusLabel(value));
}

const genderWords = (gender: string | null) =>
  gender === 'Male' || gender === 'Female' ? labelNow(gender) : textOf('reports.scope.bothGenders');

/** The scope of the count whose details `params` ask for; `centerName` names a center id. */
export function detailsScope(params: URLSearchParams, centerName: (id: number) => string | undefined): DetailsScope {
  const pairs: [string, string][] = [
    ['where', 'value'],
    ['where1', 'value1'],
    ...(params.get('type') === 'noaction' ? [['where2', 'value2'] as [string, string]] : []),
  ];
  let gender = params.get('gender');
  const rows: string[] = [];
  for (const [w, v] of pairs) {
    const where = params.get(w);
    const value = params.get(v);
    if (!given(where) || !given(value)) continue;
    if (where === 'gender') gender = value;
    else rows.push(categoryWords(where, value));
  }
  const id = Number(params.get('centerId'));
  const center = id ? (centerName(id) ?? textOf('reports.scope.centerOf', { id })) : textOf('reports.scope.allCenters');
  const from = params.get('from_date');
  const to = params.get('to_date');
  const period =
    given(from) && given(to)
      ? textOf('reports.scope.fromTo', { from: showDate(from), to: showDate(to) })
      : given(to)
        ? textOf('reports.scope.upTo', { to: showDate(to) })
        : given(from)
          ? textOf('reports.scope.from', { from: showDate(from) })
          : textOf('reports.scope.allDates');
  return {
    row: rows.length ? rows.join(', ') : textOf('reports.scope.allCategories'),
    column: genderWords(gender),
    center,
    period,
  };
}

/** The scope as one line: "Children counted in: Restore · Male · Howrah Shelter · 01-04-2025 to 31-03-2026". */
export const detailsScopeLine = (s: DetailsScope) => textOf('reports.scope.line', s);
