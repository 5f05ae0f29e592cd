export { StreamCommands, type DecidedEvent, type Outcome } from './runner/stream-commands';
export { type CommandMeta, type Cause, metaFromCause } from './runner/meta';
export { derivedId, KUPON_NAMESPACE } from './runner/derived-id';
export * from './reactors/money-reactors';
export { settlementReactor, SETTLEMENT, type SettlementReactorOptions } from './reactors/settlement';
export { CardExpiry, type CardExpiryOptions, cardExpiryIntervalFromEnv, DEFAULT_CARD_EXPIRY_INTERVAL_MS, expireDueCards, type ExpiryScope, type ExpirySweep } from './reactors/card-expiry';
export * from './coupons';
export * from './wallet';
