/** Transfer: deposit and withdrawal requests (spec §4 payment request) and the §5 payment form rules. */
export type * from './commands';
export type * from './events';
export { PRINTER_STATES, TRANSFER_EVENT_TYPES, transferStream } from './events';
export { transferDecider, initialTransferState } from './decider';
export type { TransferState } from './decider';
export { validatePaymentForm } from './rules/payment-form';
export type { FormField, FormFieldType, ValidatedForm } from './rules/payment-form';
export { FIRST_ADDED_PAYCAT_ID, FORM_FIELD_TYPES, formFieldsProblem, PAYMENT_METHOD_FLOWS, paymentMethodsDecider, paymentMethodsStream, settingKey } from './payment-methods';
export type {
  AddedPaymentMethod,
  AddPaymentMethod,
  PaymentMethodAdded,
  PaymentMethodFieldsSet,
  PaymentMethodFlow,
  SetPaymentMethodFields,
  ConfigurePaymentMethod,
  PaymentMethodConfigured,
  PaymentMethodDirection,
  PaymentMethodSetting,
  PaymentMethodsCommand,
  PaymentMethodsContext,
  PaymentMethodsEvent,
  PaymentMethodsState,
} from './payment-methods';
