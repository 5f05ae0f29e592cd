/** An affiliate account's standing: active earns on its referred players; passive is paused by staff. */
export type AffiliateStatus = 'active' | 'passive';

/** A player of a site with the affiliate programme on applied and was taken in (auto-approved). */
export interface AffiliateRegistered {
  readonly type: 'AffiliateRegistered';
  readonly data: {
    readonly userId: string;
    readonly siteId: string;
    readonly userName: string;
    /** Upper-case letters and digits, unique per site: what referred players register with (`affiliateUser`). */
    readonly referralCode: string;
    readonly status: AffiliateStatus;
    readonly at: string;
  };
}

/** Staff paused or resumed an affiliate account. */
export interface AffiliateStatusChanged {
  readonly type: 'AffiliateStatusChanged';
  readonly data: { readonly userId: string; readonly siteId: string; readonly status: AffiliateStatus; readonly by: string; readonly at: string };
}

export type AffiliateEvent = AffiliateRegistered | AffiliateStatusChanged;
export const AFFILIATE_EVENT_TYPES = ['AffiliateRegistered', 'AffiliateStatusChanged'] as const satisfies readonly AffiliateEvent['type'][];

/** On `affiliatecode-<site>-<code>`: the code is held by one affiliate (of two racing, the store lets one win). */
export interface AffiliateCodeReserved {
  readonly type: 'AffiliateCodeReserved';
  readonly data: { readonly siteId: string; readonly referralCode: string; readonly userId: string; readonly at: string };
}

export type AffiliateCodeEvent = AffiliateCodeReserved;
