/*
 * The bench's one table: every measure with its result, its goal and the ratio the goal is
 * judged by. `npm run bench` prints it at the end and exits non-zero when a goal is missed,
 * so a change can be checked before and after on the same (noisy, shared) machine.
 */

/** A goal: the measure passes when `value` (a ratio or an absolute number) is at most `max`. */
export type Goal = { value: number; max: number; text: string };

export type BenchRow = { measure: string; result: string; goal?: Goal };

const rows: BenchRow[] = [];

/** Adds a row; with a goal, the row counts towards the bench's verdict. */
export function benchRow(measure: string, result: string, goal?: Goal) {
  rows.push({ measure, result, goal });
}

/** A goal on a time or size: `value` at most `max` (e.g. ms ≤ 1000). */
export const atMost = (value: number, max: number, unit: string): Goal => ({
  value,
  max,
  text: `≤ ${max.toLocaleString('en')} ${unit}`,
});

/** A goal on a ratio against a baseline measured in the same run. */
export const ratioAtMost = (value: number, max: number): Goal => ({ value, max, text: `≤ ${max.toFixed(2)}×` });

const passed = (goal: Goal) => goal.value <= goal.max;

/** Prints the table (markdown) and returns the number of goals missed. */
export function printBenchTable(print: (line: string) => void = console.log): number {
  print(`\nbench of ${new Date().toISOString().slice(0, 10)}\n`);
  print('| measure | result | goal | value | met |');
  print('| --- | --- | --- | --- | --- |');
  for (const { measure, result, goal } of rows) {
    const value = goal ? (Number.isInteger(goal.value) ? String(goal.value) : goal.value.toFixed(2)) : '';
    const met = goal ? (passed(goal) ? 'yes' : '**no**') : '';
    print(`| ${measure} | ${result} | ${goal?.text ?? ''} | ${value} | ${met} |`);
  }
  const missed = rows.filter((r) => r.goal && !passed(r.goal)).length;
  print(`\n${rows.filter((r) => r.goal).length - missed} goals met, ${missed} missed`);
  return missed;
}
