import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { canOpenRoute } from '../../../sync';
import { useSession } from '../../lib/use-store';

/** A role not allowed for a route is redirected to / (spec part 1, section 6). */
export function RequireRoute({ path, children }: { path: string; children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'signed-in') return <Navigate to="/login" replace />;
  if (!canOpenRoute(session.user, path)) return <Navigate to="/" replace />;
  return children;
}
