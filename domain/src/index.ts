export * from './shared/decider';
export * from './shared/money';
export * from './shared/results';
export * from './catalog';
export * from './coupon';
