import type { AffiliateBanner } from '@kupon/api/contract';

/**
 * The api answers a path (`/tr/register/CODE`): a brand has several hosts, so the link is made on
 * the one the affiliate is using now.
 */
export function referralLink(origin: string, referralPath: string): string {
  return `${origin.replace(/\/+$/, '')}${referralPath}`;
}

/** A site path made absolute on `origin`; an address stays as it is. */
export function absolute(origin: string, address: string): string {
  return /^https?:\/\//.test(address) ? address : `${origin.replace(/\/+$/, '')}${address.startsWith('/') ? '' : '/'}${address}`;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The HTML an affiliate pastes on their own pages: the banner, linking to their referral link. */
export function bannerSnippet(origin: string, link: string, banner: AffiliateBanner): string {
  // A logo offered in a banner size keeps its shape inside that box on the affiliate's page.
  const size = banner.width && banner.height ? ` width="${banner.width}" height="${banner.height}" style="object-fit:contain"` : '';
  return `<a href="${escapeAttribute(link)}" target="_blank" rel="noopener"><img src="${escapeAttribute(absolute(origin, banner.image))}"${size} alt="${escapeAttribute(banner.title)}" /></a>`;
}

/** The last `days` UTC days, today included. */
export function lastDays(today: Date, days: number): { from: string; to: string } {
  const to = today.toISOString().slice(0, 10);
  const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() - (days - 1))).toISOString().slice(0, 10);
  return { from, to };
}
