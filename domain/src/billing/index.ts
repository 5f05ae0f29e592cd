/** Account statements (bills) and the cut-off that closes a period (spec §7 getUserBills, cutOffUserBill; api/BILLS.md). */
export * from './events';
export type * from './commands';
export * from './rules';
export * from './decider';
export * from './payment';
