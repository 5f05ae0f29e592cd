/** What the player site's content routes and the back office's content settings routes share. */
import type { BonusRequestStatus } from '@kupon/domain';
import { ErrorBody } from '../contract/identity';
import { registerErrorStatuses } from '../http/api-error';
import type { MoneyServices } from '../payments/money';

registerErrorStatuses({
  contentNotFound: 404,
  bonusNotFound: 404,
  bonusRequestNotFound: 404,
  bonusAlreadyRequested: 409,
  bonusAlreadyUsed: 409,
  bonusRequestNotWaiting: 409,
});

export const refusals = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
export const STAFF_READ = ['admin', 'operator', 'regulator'] as const;
export const STAFF_WRITE = ['admin', 'operator'] as const;

/** The languages a site offers until it sets its own (§1: tr is the default; en is complete too). */
export const DEFAULT_LANGUAGES = [
  { id: 'tr', code: 'tr', icon: '', directory: 'ltr' as const, text: 'Türkçe', status: 1 as const },
  { id: 'en', code: 'en', icon: '', directory: 'ltr' as const, text: 'English', status: 1 as const },
];

export const STATUS_CODE: Record<BonusRequestStatus, 0 | 1 | 2> = { waiting: 0, confirmed: 1, canceled: 2 };

/** The last deposit credited to a player (what a bonus's percent is of), from the transfers read model. */
export async function lastDepositOf(services: MoneyServices, accountId: string): Promise<number> {
  const { rows } = await services.pool.query<{ amount: string }>(
    `select amount from transfers where account_id = $1 and direction = 'deposit' and status = 'credited' order by updated_at desc limit 1`,
    [accountId],
  );
  return rows[0] ? Number(rows[0].amount) : 0;
}
