import { useEffect } from 'react';
import { logAccess, type AccessInput } from '../../sync';

/**
 * Records one access log entry when a screen shows a child's personal data (a profile
 * section, a report's list of children), and again whenever what it shows changes; null
 * records nothing.
 */
export function useAccessLog(input: AccessInput | null): void {
  const key = input && input.childIds.length + (input.childCids?.length ?? 0) > 0 ? JSON.stringify(input) : null;
  useEffect(() => {
    if (key) void logAccess(JSON.parse(key) as AccessInput);
  }, [key]);
}
