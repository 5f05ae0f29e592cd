import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useRedeemLoginTicket } from '../api/hand-login';

/**
 * Spec §2 /loginwithuser (always under /tr): the back office's "log in as this user" lands here with
 * `?ticket=` (single use, 60 s, issued by `POST /sessions/as-user/tickets` to a dealer who manages the
 * user). The page spends it once (`POST /sessions/as-user/redeem`), which opens the player's or
 * terminal's session with the dealer recorded as `by`, then goes home without the ticket in the address.
 */
export default function LoginWithUserPage() {
  const { t } = useTranslation('auth');
  const errorText = useErrorText();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const ticket = search.get('ticket') ?? '';
  const redeem = useRedeemLoginTicket();
  // A ticket is spent by the first try: React's development double effects must not send it twice.
  const sent = useRef<string | null>(null);

  useEffect(() => {
    if (!ticket || sent.current === ticket) return;
    sent.current = ticket;
    redeem.mutate(ticket, { onSuccess: () => navigate('/tr', { replace: true }) });
  }, [ticket, redeem, navigate]);

  const failure = !ticket
    ? errorText('loginTicketInvalid')
    : redeem.error
      ? isApiError(redeem.error)
        ? errorText(redeem.error.key, redeem.error.params)
        : errorText('tecnicalProblemContent')
      : null;

  return (
    <section className="page page--narrow login-screen" data-testid="page-loginwithuser">
      <h1>{t('loginWithUserTitle')}</h1>
      {failure ? (
        <>
          <p className="notice notice--error" role="alert" data-testid="loginwithuser-error">
            {failure}
          </p>
          <p>{t('loginWithUserAgain')}</p>
          <Link to="/tr">{t('goHome')}</Link>
        </>
      ) : (
        <p aria-busy="true" data-testid="loginwithuser-pending">
          {t('loginWithUserOpening')}
        </p>
      )}
    </section>
  );
}
