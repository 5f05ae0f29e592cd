import { domainError, type DomainError } from '../../shared/decider';
import type { TransferValue } from '../events';

/** Spec §3 form field. */
export type FormFieldType = 'number' | 'amount' | 'date' | 'birthdate' | 'datetime' | 'email' | 'time' | 'select' | 'text';

export interface FormField {
  readonly name: string;
  readonly title: string;
  readonly type: FormFieldType;
  readonly placeHolder: string;
  /** 0: no bound. */
  readonly minLength: number;
  readonly maxLength: number;
  readonly required: boolean;
  /** `value:text` comma list, for selects. */
  readonly options: string;
}

export interface ValidatedForm {
  readonly values: readonly TransferValue[];
  /** The `amount` field's digits, when the form has one (it becomes the sent amount). */
  readonly amount: number | null;
}

const DATE = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4}$/;
const DATETIME = /^(0[1-9]|[12]\d|3[01])-(0[1-9]|1[0-2])-\d{4} ([01]\d|2[0-3]):[0-5]\d$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DIGITS = /^\d+$/;

/**
 * Spec §5 payment form validation: fields in order, the first failure stops, answered with its
 * §8 validation key and the field's title (and bounds).
 */
export function validatePaymentForm(fields: readonly FormField[], submitted: Readonly<Record<string, string>>): ValidatedForm | DomainError {
  const values: TransferValue[] = [];
  let amount: number | null = null;
  for (const field of fields) {
    let value = (submitted[field.name] ?? '').trim();
    const empty = value === '';
    if (empty && !field.required) {
      values.push({ name: field.name, value });
      continue;
    }
    if ((field.minLength > 0 && value.length < field.minLength) || (field.maxLength > 0 && value.length > field.maxLength)) {
      return domainError('minLengthMaxLength', field.title, field.minLength, field.maxLength);
    }
    switch (field.type) {
      case 'date':
      case 'birthdate':
        // Day-Month-Year with hyphens: not registration's Day.Month.Year, so it has its own message.
        if (!DATE.test(value)) return domainError('paymentDateRequired', field.title);
        break;
      case 'datetime':
        if (!DATETIME.test(value)) return domainError('datetimeRequired', field.title);
        break;
      case 'email':
        if (!EMAIL.test(value)) return domainError('emailRequired', field.title);
        break;
      case 'number':
        value = value.replaceAll('.', '');
        if (!DIGITS.test(value)) return domainError('numberRequired', field.title);
        break;
      case 'amount':
        if (!DIGITS.test(value)) return domainError('numberRequired', field.title);
        amount = Number(value);
        break;
      case 'time':
        if (!TIME.test(value)) return domainError('timeRequired', field.title);
        break;
      case 'select':
      case 'text':
        if (empty) return domainError('isRequiredArea', field.title);
        break;
    }
    values.push({ name: field.name, value });
  }
  return { values, amount };
}
