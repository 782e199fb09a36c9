/** "1 child", "3 children": a count with its noun in the right number. */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;
