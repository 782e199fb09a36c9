import { useCallback, useRef } from 'react';

/**
 * For dialogs that are mounted only while open (so closing unmounts them and Mantine's
 * own focus return never runs): `remember` the control that opened one, `giveBack` focus
 * to it when the dialog closes, so keyboard and screen-reader users stay where they were.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = useCallback(() => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, []);
  const giveBack = useCallback(() => {
    const target = opener.current;
    opener.current = null;
    // After the dialog has left the page (its focus trap lets go on unmount).
    setTimeout(() => target?.isConnected && target.focus(), 0);
  }, []);
  return { remember, giveBack };
}
