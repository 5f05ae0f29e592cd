import { useMatches } from 'react-router-dom';
import type { RouteDef } from '@/config/routes';

/** The §2 route being shown (null on a 404). */
export function useCurrentRoute(): RouteDef | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as { route?: RouteDef } | undefined;
    if (handle?.route) return handle.route;
  }
  return null;
}
