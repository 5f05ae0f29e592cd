import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { CouponSummary } from '@/features/coupons/components/coupon-summary';
import { lineBet, lineMatch } from '@/features/coupons/types';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { formatDateTime } from '@/lib/format';
import { usePrintStore } from '@/stores/print-store';
import { normaliseTicketCode, usePayTicket, useTicket } from '../api/ticket-check';

/**
 * Spec §7 `pinSearch (code)` and `ticketCheckTerminal`: whoever holds a slip types (or scans) its code
 * and sees the ticket; at the counter (its terminal, a dealer above it) a won shop ticket not yet
 * paid is paid out here, and the win slip prints.
 */
export function TicketCheck({ initialCode = '' }: { initialCode?: string }) {
  const { t } = useTranslation('coupons');
  const { t: tl } = useTranslation('layout');
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const { lang = 'tr' } = useParams();
  const { user, isLoading: userLoading } = useUser();
  const [typed, setTyped] = useState(initialCode);
  const [code, setCode] = useState<string | null>(() => normaliseTicketCode(initialCode));
  const [invalid, setInvalid] = useState(false);
  const [paidMessage, setPaidMessage] = useState<string | null>(null);
  const ticket = useTicket(code, lang, userLoading ? null : user ? 'user' : 'guest');
  const pay = usePayTicket();
  const printTemplate = usePrintStore((s) => s.printTemplate);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const normalised = normaliseTicketCode(typed);
    setInvalid(normalised === null);
    setPaidMessage(null);
    pay.reset();
    setCode(normalised);
    if (normalised !== null && normalised === code) void ticket.refetch();
  };

  const found = code !== null ? ticket.data : undefined;
  const failure = ticket.error ?? pay.error;

  return (
    <section className="page ticket-check" data-testid="page-ticketCheck">
      <h1>{tl('titles.ticketCheck')}</h1>
      <p>{t('ticketCheck.intro')}</p>
      <form className="form ticket-check__form" onSubmit={submit} noValidate>
        <label>
          {t('ticketCheck.codeLabel')}
          <input
            name="ticketCode"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder={t('ticketCheck.placeholder')}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={40}
            data-testid="ticket-code-input"
          />
        </label>
        <button type="submit" className="button button--primary" disabled={ticket.isFetching} data-testid="ticket-check-submit">
          {t('ticketCheck.check')}
        </button>
      </form>
      {invalid && (
        <p className="notice notice--error" role="alert">
          {t('ticketCheck.invalidCode')}
        </p>
      )}
      {!invalid && code !== null && failure && (
        <p className="notice notice--error" role="alert">
          {isApiError(failure) ? errorText(failure.key, failure.params) : errorText('tecnicalProblemContent')}
        </p>
      )}
      {!invalid && found && !ticket.error && (
        <div className="coupon-detail" data-testid="ticket-check-result">
          <CouponSummary coupon={found.coupon} />
          {found.coupon.paid && found.coupon.payDate ? (
            <p data-testid="ticket-paid">{t('ticketCheck.paid', { date: formatDateTime(found.coupon.payDate) })}</p>
          ) : (
            found.coupon.status === 1 && <p data-testid="ticket-paid">{t(found.coupon.shopTicket ? 'ticketCheck.notPaid' : 'ticketCheck.paidToAccount')}</p>
          )}
          {paidMessage && <p className="notice notice--success">{paidMessage}</p>}
          {found.payable && found.ticketId !== null && (
            <button
              type="button"
              className="button button--accent"
              disabled={pay.isPending}
              data-testid="ticket-pay"
              onClick={() =>
                pay.mutate(found.ticketId!, {
                  onSuccess: ({ coupon }) => {
                    setPaidMessage(t('ticketCheck.payDone', { amount: display.money(coupon.income) }));
                    // Spec §7 prints: the win slip of a terminal payout (the api's win-terminal template).
                    void printTemplate({
                      kind: 'win-terminal',
                      ref: coupon.ticketId,
                      lang,
                      fallback: {
                        kind: 'win',
                        coupon,
                        amount: coupon.income,
                        matches: Object.fromEntries(coupon.lines.map((line) => [line.matchId, lineMatch(line)])),
                        bets: Object.fromEntries(coupon.lines.map((line) => [line.selectionId, lineBet(line)])),
                      },
                    });
                  },
                })
              }
            >
              {t('ticketCheck.payOut', { amount: display.money(found.coupon.income) })}
            </button>
          )}
        </div>
      )}
    </section>
  );
}

/** The page at `/:lang/ticketCheck` and `/:lang/ticketCheck/:code` (a link or QR code may carry the code). */
export default function TicketCheckRoute() {
  const { code = '' } = useParams();
  return <TicketCheck key={code} initialCode={code} />;
}
