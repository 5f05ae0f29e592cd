import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useMe } from '@/features/auth/api/session';
import { type Section, sectionsFor } from '@/features/auth/access';
import NotFound from './routes/not-found';

/** Only a signed-in staff member gets past; anyone else goes to the login page and comes back after. */
export function RequireStaff({ children }: { children: ReactNode }) {
  const me = useMe();
  const location = useLocation();
  if (me.isPending) return <div className="page-loading" aria-busy="true" />;
  if (!me.data) return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  return children;
}

/** A section the signed-in role does not have answers as if it did not exist. */
export function RequireSection({ section, children }: { section: Section; children: ReactNode }) {
  const me = useMe();
  if (!me.data || !sectionsFor(me.data).includes(section)) return <NotFound />;
  return children;
}
