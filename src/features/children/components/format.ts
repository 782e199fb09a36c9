export const showText = (value: unknown): string =>
  value === undefined || value === null ? '' : typeof value === 'object' ? '' : String(value);
