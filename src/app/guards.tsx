import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSession } from '../lib/use-store';
import { ScreenLoader } from './lazy-screen';

/** No saved session sends any screen to /login; a loader shows while the saved one is read. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const session = useSession();
  const location = useLocation();
  if (session.status === 'loading') return <ScreenLoader />;
  if (session.status !== 'signed-in') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return children;
}

/** A signed-in user opening /login goes to /; a loader shows while the saved session is read. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status === 'loading') return <ScreenLoader />;
  if (session.status === 'signed-in') return <Navigate to="/" replace />;
  return children;
}
