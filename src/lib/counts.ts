/**
 * A whole count in the Indian grouping the dashboard shows (1,23,45,678: the last three
 * digits, then pairs), as `toLocaleString('en-IN')` writes it. Written out because the
 * browser's first Intl number format loads its locale data: about 200 ms of a cold start
 * to the dashboard on a cheap tablet, before the tiles can show.
 */
export function indianCount(count: number): string {
  const digits = String(Math.abs(Math.round(count)));
  const head = digits.slice(0, -3);
  const grouped = head ? `${head.replace(/\B(?=(\d{2})+$)/g, ',')},${digits.slice(-3)}` : digits;
  return count < 0 && grouped !== '0' ? `-${grouped}` : grouped;
}
