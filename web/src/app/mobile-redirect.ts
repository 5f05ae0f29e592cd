const MOBILE = /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i;

/**
 * Spec §1 "Mobile browsers are redirected to the mobile host by prefixing m. to the host name".
 * Addresses without a domain (localhost, an IP) have no m. host and stay (development, tests).
 */
export function mobileRedirect(location: Pick<Location, 'hostname' | 'host' | 'protocol' | 'pathname' | 'search' | 'hash'>, userAgent: string): string | null {
  if (!MOBILE.test(userAgent)) return null;
  const { hostname } = location;
  if (hostname.startsWith('m.') || hostname === 'localhost' || /^[\d.]+$/.test(hostname) || hostname.includes(':') || !hostname.includes('.')) return null;
  return `${location.protocol}//m.${location.host}${location.pathname}${location.search}${location.hash}`;
}
