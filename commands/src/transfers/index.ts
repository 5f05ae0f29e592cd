export { type PaymentBank, type PaymentChoice, requestPayment, type PaymentRequestInput } from './payment-request';
export { decideTransfer, type StaffDecisionInput, type StandingTransfer } from './staff-decision';
export { terminalCash, type TerminalCashInput } from './terminal-cash';
