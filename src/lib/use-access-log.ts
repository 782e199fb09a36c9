import { useEffect } from 'react';
import { logAccess, type AccessInput } from '../../sync';

/**
 * Records one access log entry when a screen shows a child's personal data (a profile
 * section, a report's list of children), and again whenever what it shows changes; null
 * records nothing (a child not sent yet has no id the server knows).
 */
export function useAccessLog(input: AccessInput | null): void {
  const key = input && input.childIds.length > 0 ? JSON.stringify(input) : null;
  useEffect(() => {
    if (key) void logAccess(JSON.parse(key) as AccessInput);
  }, [key]);
}
