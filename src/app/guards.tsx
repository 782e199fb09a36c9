import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { canOpenRoute } from '../../sync';
import { useSession } from '../lib/use-store';

/** No saved session sends any screen to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status !== 'signed-in') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** A signed-in user opening /login goes to /. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'signed-in') return <Navigate to="/" replace />;
  return children;
}

/** A role not allowed for a route is redirected to / (spec part 1, section 6). */
export function RequireRoute({ path, children }: { path: string; children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'signed-in') return <Navigate to="/login" replace />;
  if (!canOpenRoute(session.user, path)) return <Navigate to="/" replace />;
  return children;
}
