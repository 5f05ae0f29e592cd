import type { AffiliateAccount } from '@kupon/api/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, formatMoney } from '@/lib/format';
import { type DayRange, useAffiliateControl, useApplyAffiliate, useReferredCoupons, useReferredFinance, useReferredUsers } from '../api/affiliate';
import { lastDays, referralLink } from '../links';
import { CopyButton } from './copy-button';
import { Pager } from './pager';
import { QueryState } from './query-state';
import './affiliate.css';

export interface AffiliateFormat {
  /** The player's currency and the site's §3 currency mode, as the header shows the balance. */
  readonly currency?: string | undefined;
  readonly currencyMode?: number | undefined;
  /** The site's §3 tofixedNumber (the product's 2 when not given). */
  readonly decimals?: number | undefined;
  /** Where the referral link points (the host the affiliate uses now). */
  readonly origin?: string;
  readonly today?: Date;
}

const DEFAULT_RANGE_DAYS = 30;
/** Spec §4 coupon statuses. */
const COUPON_STATUS: Record<number, 'waiting' | 'won' | 'lost' | 'cancelled' | 'sold'> = { 0: 'waiting', 1: 'won', [-1]: 'lost', [-2]: 'cancelled', 2: 'sold' };
const USER_STATUS = ['pending', 'active', 'passive'] as const;

/**
 * Spec §2 /affiliate (onlineUser, affiliateStatus 1): join the programme, my code and link to copy,
 * the players I referred, their money over a range of days and their coupons (api/AFFILIATE.md).
 */
export function AffiliatePage({ currency, currencyMode, decimals, origin = globalThis.location?.origin ?? '', today = new Date() }: AffiliateFormat) {
  const { t } = useTranslation('affiliate');
  const control = useAffiliateControl();
  return (
    <QueryState query={control} testId="affiliate">
      {({ programmeOpen, affiliate }) =>
        !programmeOpen ? (
          <EmptyState title={t('programmeClosed')} />
        ) : !affiliate ? (
          <ApplyCard />
        ) : (
          <>
            <AccountCard account={affiliate} origin={origin} />
            <ReferredUsersTable />
            <ReferredMoney currency={currency} currencyMode={currencyMode} decimals={decimals} today={today} />
          </>
        )
      }
    </QueryState>
  );
}

function ApplyCard() {
  const { t } = useTranslation('affiliate');
  const errorText = useErrorText();
  const apply = useApplyAffiliate();
  return (
    <div className="affiliate-card" data-testid="affiliate-apply">
      <h2>{t('joinTitle')}</h2>
      <p>{t('joinText')}</p>
      <button type="button" className="button button--primary" disabled={apply.isPending} onClick={() => apply.mutate()} data-testid="affiliate-apply-button">
        {t('join')}
      </button>
      {apply.isError && (
        <p className="notice notice--error" role="alert" data-testid="affiliate-apply-error">
          {isApiError(apply.error) ? errorText(apply.error.key, apply.error.params) : errorText('tecnicalProblemContent')}
        </p>
      )}
    </div>
  );
}

function AccountCard({ account, origin }: { account: AffiliateAccount; origin: string }) {
  const { t } = useTranslation('affiliate');
  const link = referralLink(origin, account.referralPath);
  return (
    <div className="affiliate-card" data-testid="affiliate-account">
      <dl className="affiliate-facts">
        <dt>{t('code')}</dt>
        <dd className="affiliate-code" data-testid="affiliate-code">{account.referralCode}</dd>
        <dt>{t('link')}</dt>
        <dd>
          <input className="affiliate-link" readOnly value={link} aria-label={t('link')} data-testid="affiliate-link" onFocus={(e) => e.target.select()} />
          <CopyButton text={link} testId="affiliate-copy-link" />
        </dd>
        <dt>{t('status')}</dt>
        <dd data-testid="affiliate-status">{t(`accountStatus.${account.status}`)}</dd>
        <dt>{t('referredCount')}</dt>
        <dd data-testid="affiliate-referred-count">{account.referredCount}</dd>
      </dl>
      {account.status === 'passive' && <p className="notice">{t('passiveNotice')}</p>}
    </div>
  );
}

function ReferredUsersTable() {
  const { t } = useTranslation('affiliate');
  const [offset, setOffset] = useState(0);
  const users = useReferredUsers(offset, true);
  return (
    <section className="affiliate-section" data-testid="affiliate-users">
      <h2>{t('usersTitle')}</h2>
      <QueryState query={users} testId="affiliate-users">
        {(page) =>
          page.users.length === 0 ? (
            <EmptyState title={t('noUsers')} />
          ) : (
            <>
              <table className="table" data-testid="affiliate-user-list">
                <thead>
                  <tr>
                    <th>{t('userName')}</th>
                    <th>{t('registeredAt')}</th>
                    <th>{t('status')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.users.map((user) => (
                    <tr key={user.userId}>
                      <td>{user.userName}</td>
                      <td>{formatDateTime(user.registeredAt)}</td>
                      <td>{(USER_STATUS as readonly string[]).includes(user.status) ? t(`userStatus.${user.status as (typeof USER_STATUS)[number]}`) : user.status}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <Pager offset={offset} total={page.total} onOffset={setOffset} testId="affiliate-users" />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

function ReferredMoney({ currency, currencyMode, decimals, today = new Date() }: AffiliateFormat) {
  const { t } = useTranslation('affiliate');
  const [typed, setTyped] = useState<DayRange>(() => lastDays(today, DEFAULT_RANGE_DAYS));
  const [range, setRange] = useState<DayRange>(typed);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!typed.from || !typed.to) return setProblem(t('dayRequired'));
    if (typed.from > typed.to) return setProblem(t('fromAfterTo'));
    setProblem(null);
    setRange(typed);
  };
  return (
    <>
      <h2 className="affiliate-section">{t('rangeTitle')}</h2>
      <form className="form form--grid affiliate-range" onSubmit={submit} noValidate data-testid="affiliate-range">
        <label>
          {t('from')}
          <input type="date" name="from" value={typed.from} onChange={(e) => setTyped({ ...typed, from: e.target.value })} data-testid="affiliate-range-from" />
        </label>
        <label>
          {t('to')}
          <input type="date" name="to" value={typed.to} onChange={(e) => setTyped({ ...typed, to: e.target.value })} data-testid="affiliate-range-to" />
        </label>
        <button type="submit" className="button button--primary">
          {t('show')}
        </button>
        {problem && (
          <span className="field-error" role="alert" data-testid="affiliate-range-error">
            {problem}
          </span>
        )}
      </form>
      <p className="affiliate-hint">{t('utcDays')}</p>
      <FinanceTable range={range} money={(amount) => formatMoney(amount, currency, currencyMode, decimals)} />
      <CouponsTable range={range} money={(amount) => formatMoney(amount, currency, currencyMode, decimals)} />
    </>
  );
}

const FIGURES = ['stakes', 'payouts', 'refunds', 'cashouts', 'ggr'] as const;

function FinanceTable({ range, money }: { range: DayRange; money: (amount: number) => string }) {
  const { t } = useTranslation('affiliate');
  const [offset, setOffset] = useState(0);
  const finance = useReferredFinance(range, offset, true);
  return (
    <section className="affiliate-section" data-testid="affiliate-finance">
      <h2>{t('financeTitle')}</h2>
      <QueryState query={finance} testId="affiliate-finance">
        {(page) => (
          <>
            <dl className="affiliate-totals" data-testid="affiliate-finance-totals">
              {FIGURES.map((figure) => (
                <div key={figure}>
                  <dt>{t(`figures.${figure}`)}</dt>
                  <dd data-testid={`affiliate-total-${figure}`}>{money(page.totals[figure])}</dd>
                </div>
              ))}
              <div>
                <dt>{t('figures.coupons')}</dt>
                <dd data-testid="affiliate-total-coupons">{page.totals.coupons}</dd>
              </div>
            </dl>
            {page.users.length === 0 ? (
              <EmptyState title={t('noFinance')} />
            ) : (
              <>
                <table className="table" data-testid="affiliate-finance-list">
                  <thead>
                    <tr>
                      <th>{t('userName')}</th>
                      {FIGURES.map((figure) => (
                        <th key={figure}>{t(`figures.${figure}`)}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {page.users.map((row) => (
                      <tr key={row.userId}>
                        <td>{row.userName}</td>
                        {FIGURES.map((figure) => (
                          <td key={figure}>{money(row[figure])}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </table>
                <Pager offset={offset} total={page.total} onOffset={setOffset} testId="affiliate-finance" />
              </>
            )}
          </>
        )}
      </QueryState>
    </section>
  );
}

function CouponsTable({ range, money }: { range: DayRange; money: (amount: number) => string }) {
  const { t } = useTranslation('affiliate');
  const [offset, setOffset] = useState(0);
  const coupons = useReferredCoupons(range, offset, true);
  return (
    <section className="affiliate-section" data-testid="affiliate-coupons">
      <h2>{t('couponsTitle')}</h2>
      <QueryState query={coupons} testId="affiliate-coupons">
        {(page) =>
          page.coupons.length === 0 ? (
            <EmptyState title={t('noCoupons')} />
          ) : (
            <>
              <table className="table" data-testid="affiliate-coupon-list">
                <thead>
                  <tr>
                    <th>{t('placedAt')}</th>
                    <th>{t('userName')}</th>
                    <th>{t('stake')}</th>
                    <th>{t('potentialPayout')}</th>
                    <th>{t('status')}</th>
                    <th>{t('payout')}</th>
                  </tr>
                </thead>
                <tbody>
                  {page.coupons.map((coupon) => {
                    const status = COUPON_STATUS[coupon.status];
                    return (
                      <tr key={coupon.couponId}>
                        <td>{formatDateTime(coupon.placedAt)}</td>
                        <td>{coupon.userName}</td>
                        <td>{money(coupon.stake)}</td>
                        <td>{money(coupon.potentialPayout)}</td>
                        <td>{status ? t(`couponStatus.${status}`) : coupon.status}</td>
                        <td>{money(coupon.payout)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <Pager offset={offset} total={page.total} onOffset={setOffset} testId="affiliate-coupons" />
            </>
          )
        }
      </QueryState>
    </section>
  );
}
