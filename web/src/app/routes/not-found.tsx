import { Navigate, useParams } from 'react-router-dom';
import { notFoundRedirect } from '@/config/guards';
import { useGuardContext } from '../use-guard-context';

/** Spec §2: "404 goes to Login if logged out and a login screen is set, otherwise Home". */
export function NotFound() {
  const { lang = 'tr' } = useParams();
  const ctx = useGuardContext();
  if (!ctx.ready) return <div className="page-loading" aria-busy="true" />;
  const redirect = notFoundRedirect(ctx);
  return <Navigate to={redirect.to === 'home' ? `/${lang}` : `/${lang}/firstlogin`} replace />;
}
