import { vi } from 'vitest';

/** A screen of `width` px: Mantine's max-width media queries answer as a browser of that width would. */
export function screenWidth(width: number): void {
  const em = (q: string) => Number(/max-width: calc\(([\d.]+)em/.exec(q)?.[1] ?? /max-width: ([\d.]+)em/.exec(q)?.[1]);
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('max-width') ? width < em(query) * 16 : false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
      }) as unknown as MediaQueryList,
  );
}
