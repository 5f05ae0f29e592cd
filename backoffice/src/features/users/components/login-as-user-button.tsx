import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useFailureText } from '@/lib/error-text';
import { playerSiteUrl, useLoginTicket } from '../api/login-ticket';

/** The staff roles the api lets log in as a user (`POST /sessions/as-user`); the target is a player or terminal. */
const AS_USER_ROLES: readonly string[] = ['topDealer', 'dealer', 'subDealer', 'admin', 'operator'];

export function mayLoginAsUser(me: { role: string }, user: { role: string }): boolean {
  return AS_USER_ROLES.includes(me.role) && (user.role === 'player' || user.role === 'terminal');
}

/**
 * "Log in as this user" (spec loginwithuser): asks the api for a single-use ticket and opens the
 * player site's /tr/loginwithuser?ticket=… in a new tab, which becomes that player's (or terminal's)
 * session; the dealer's own back-office session is untouched and the login names the dealer as `by`.
 * The tab is opened on the click (a popup blocker allows that) and sent on once the ticket is there.
 */
export function LoginAsUserButton({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const ticket = useLoginTicket(userId);
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);

  const open = () => {
    setBlockedUrl(null);
    const tab = window.open('', '_blank');
    ticket.mutate(undefined, {
      onSuccess: ({ url }) => {
        const address = playerSiteUrl(url);
        if (!tab) {
          setBlockedUrl(address);
          return;
        }
        tab.opener = null;
        tab.location.href = address;
      },
      onError: () => tab?.close(),
    });
  };

  return (
    <div className="actions" data-testid="login-as-user">
      <button type="button" className="button" data-testid="login-as-user-button" disabled={ticket.isPending} onClick={open}>
        {t('loginAsUser')}
      </button>
      {ticket.isError ? <Notice kind="error">{failure(ticket.error)}</Notice> : null}
      {blockedUrl ? (
        <Notice kind="warning">
          <a href={blockedUrl} target="_blank" rel="noopener noreferrer" data-testid="login-as-user-link">
            {t('loginAsUserLink')}
          </a>
        </Notice>
      ) : null}
    </div>
  );
}
