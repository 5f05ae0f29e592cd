import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router-dom';
import { guard } from '@/config/guards';
import type { RouteDef } from '@/config/routes';
import { useGuardContext } from './use-guard-context';

/** Applies the spec §2 guard of a route once the session is known. */
export function Guarded({ route, children }: { route: RouteDef; children: ReactNode }) {
  const { lang = 'tr' } = useParams();
  const ctx = useGuardContext();
  if (!ctx.ready) return <div className="page-loading" aria-busy="true" />;
  const redirect = guard(route.id, route.access, ctx);
  if (redirect) return <Navigate to={redirect.to === 'home' ? `/${lang}` : `/${lang}/firstlogin`} replace />;
  return <>{children}</>;
}
