import type { TransferDirection, TransferValue } from '@kupon/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** A payment a provider is asked to carry. */
export interface PaymentStart {
  readonly transferId: string;
  readonly accountId: string;
  readonly siteId: string;
  readonly direction: TransferDirection;
  /** Minor units. */
  readonly amount: number;
  readonly currency: string;
  readonly values: readonly TransferValue[];
  /** How the paytype is shown (§4): the provider answers in that form when it can. */
  readonly flow: 'redirect' | 'iframe1' | 'iframe2';
  /** This api's public origin (`http://host:port`): where the provider's pages and callbacks point. */
  readonly origin: string;
}

/**
 * Spec §4 payment request answers: `iframe 1` navigates the window to the payment URL (or opens
 * `target`), `iframe 2` opens an embedded 640×480 frame, a plain redirect, or no redirect at all
 * (a message; the transfer waits for staff or the provider).
 */
export type PaymentAnswer =
  | { readonly kind: 'redirect'; readonly url: string }
  | { readonly kind: 'iframe'; readonly mode: 1 | 2; readonly url: string; readonly target: string | null }
  | { readonly kind: 'message'; readonly msg: string };

/** What a verified provider callback says about a transfer. */
export interface VerifiedCallback {
  readonly transferId: string;
  readonly outcome: 'confirmed' | 'failed';
  /** Minor units the provider says moved. */
  readonly amount: number;
  /** The provider's own id of the payment: a replayed callback carries the same one. */
  readonly providerReference: string;
  readonly reason: string;
}

/**
 * The port every payment provider adapter implements (ARCHITECTURE.md: external systems get a real
 * adapter interface plus one working built-in implementation).
 */
export interface PaymentProvider {
  /** `whichApi` of the paytypes it serves. */
  readonly name: string;
  start(payment: PaymentStart): Promise<PaymentAnswer>;
  /** The callback's verified content, or null when its signature does not hold (forged, altered). */
  verifyCallback(rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): VerifiedCallback | null;
  /**
   * The provider's own pages when it runs inside this process (the demo provider's checkout), mounted
   * by the api under `/api/v1/payments/<name>`; a real provider hosts its pages itself and has none.
   */
  pages?(): FastifyPluginAsyncZod;
}
