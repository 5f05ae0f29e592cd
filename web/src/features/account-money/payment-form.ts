import { isDomainError, MINOR_PER_UNIT, type Minor, validatePaymentForm } from '@kupon/domain';
import type { PaymentField, Paytype, TransferAnswer } from './api/money';

/**
 * What is wrong with one field of a payment form: an api validation key (§5, translated in `errors`
 * with the field's bounds) or the amount outside the method's Min/Max (`money`, with the bound).
 */
export type FieldProblem = { readonly kind: 'rule'; readonly key: string; readonly params: readonly string[] } | { readonly kind: 'amountMin' | 'amountMax'; readonly amount: Minor };

/**
 * Spec §5 for one field, by the same rule the api applies (so the player hears it before sending),
 * then the amount against the paytype's Min and Max (a Max of 0 is none).
 */
export function fieldProblem(field: PaymentField, value: string, paytype: Pick<Paytype, 'minAmount' | 'maxAmount'>): FieldProblem | null {
  const checked = validatePaymentForm([field], { [field.name]: value });
  if (isDomainError(checked)) return { kind: 'rule', key: checked.code, params: checked.params };
  if (field.type !== 'amount' || checked.amount === null) return null;
  const amount = checked.amount * MINOR_PER_UNIT;
  if (amount < paytype.minAmount) return { kind: 'amountMin', amount: paytype.minAmount };
  if (paytype.maxAmount > 0 && amount > paytype.maxAmount) return { kind: 'amountMax', amount: paytype.maxAmount };
  return null;
}

/** Every field's problem, by field name; empty when the form can be sent. */
export function formProblems(fields: readonly PaymentField[], values: Readonly<Record<string, string>>, paytype: Pick<Paytype, 'minAmount' | 'maxAmount'>): Record<string, FieldProblem> {
  const problems: Record<string, FieldProblem> = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.name] ?? '', paytype);
    if (problem) problems[field.name] = problem;
  }
  return problems;
}

/** A select field's `value:text` comma list (§3). */
export function selectOptions(options: string): { value: string; text: string }[] {
  return options
    .split(',')
    .map((option) => option.trim())
    .filter(Boolean)
    .map((option) => {
      const at = option.indexOf(':');
      return at < 0 ? { value: option, text: option } : { value: option.slice(0, at), text: option.slice(at + 1) };
    });
}

/** What the panel does with a `setTransferRequest` answer (spec §4 "Payment request"). */
export type AnswerStep =
  | { readonly kind: 'open'; readonly url: string; readonly target: string | null }
  | { readonly kind: 'frame'; readonly url: string }
  | { readonly kind: 'message'; readonly key: string };

/**
 * §4: iframe 1 goes to the payment address in this window (or opens `target`), iframe 2 frames it
 * 640×480 in the panel, otherwise a redirect is followed; with none of them the message is shown
 * (the request's own success text when the provider says nothing).
 */
export function answerStep(answer: TransferAnswer, type: 1 | 2): AnswerStep {
  if (answer.iframe === 2 && answer.paymenturl) return { kind: 'frame', url: answer.paymenturl };
  if (answer.iframe === 1 && answer.paymenturl) return { kind: 'open', url: answer.paymenturl, target: answer.target || null };
  if (answer.redirect) return { kind: 'open', url: answer.redirect, target: answer.target || null };
  return { kind: 'message', key: answer.msg || (type === 1 ? 'depositRequestSuccess' : 'withdrawRequestSuccess') };
}
