import type { DealerTreeNode } from '@kupon/api/contract';
import { isDealerRole, type Role } from '@kupon/domain';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useMe } from '@/features/auth/api/session';
import { canWrite, openableRoles } from '@/features/auth/access';
import { useDealerTree, useMyWallet } from '@/features/dealers/api/dealers';
import { CreditHistory } from '@/features/dealers/components/credit-history';
import { CreditPanel } from '@/features/dealers/components/credit-panel';
import { DealerTree } from '@/features/dealers/components/dealer-tree';
import { OpenAccountForm } from '@/features/dealers/components/open-account-form';
import { formatMoney } from '@/lib/format';

/** The dealer tree (§6): open sub-dealers and users within my limits, send and cut credit, and audit the credit history. */
export default function DealersPage() {
  const { t } = useTranslation(['dealers', 'common']);
  const me = useMe().data!;
  const tree = useDealerTree();
  const wallet = useMyWallet();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  const nodes = useMemo(() => tree.data ?? [], [tree.data]);
  const selected = nodes.find((n) => n.userId === selectedId) ?? null;
  const names = useMemo(() => new Map(nodes.map((n) => [n.userId, n.userName])), [nodes]);
  const nameOf = useCallback((id: string | null) => (id === null ? '' : id === me.userId ? me.userName : (names.get(id) ?? id.slice(0, 8))), [names, me]);
  const roles = openableRoles(me);
  const writer = canWrite(me);
  // The api lets a dealer move credit only with the accounts it opened; an admin with any account.
  const mine = (node: DealerTreeNode) => me.role === 'admin' || node.parentId === me.userId;
  const creditActions = (['send', 'cut', 'limit'] as const).filter((a) => me.permissions.includes(a === 'send' ? 'creditSend' : a === 'cut' ? 'creditCut' : 'limitsEdit'));

  return (
    <section className="card" data-testid="page-dealers">
      <header className="card__header">
        <h1>{t('title')}</h1>
        <div className="wallet" data-testid="my-wallet">
          {wallet.data ? (
            <>
              <span>
                {t('balance')}: <strong data-testid="my-balance">{formatMoney(wallet.data.balance, wallet.data.currency)}</strong>
              </span>
              <span className="muted">
                {t('creditLimit')}: {formatMoney(wallet.data.creditLimit, wallet.data.currency)} · {t('available')}: {formatMoney(wallet.data.available, wallet.data.currency)}
              </span>
            </>
          ) : null}
        </div>
        {writer && roles.length ? (
          <button type="button" className="button button--primary" data-testid="toggle-open" onClick={() => setOpening((o) => !o)}>
            {opening ? t('common:close') : t('openAccount')}
          </button>
        ) : null}
      </header>
      {opening ? (
        <div className="panel">
          <h2>{t('openAccountUnder', { userName: me.role === 'admin' && selected ? selected.userName : me.userName })}</h2>
          <OpenAccountForm roles={roles} parentId={me.role === 'admin' && selected ? selected.userId : null} onOpened={() => undefined} />
        </div>
      ) : null}
      <div className="split">
        <div>
          <h2>{t('tree')}</h2>
          <DealerTree nodes={nodes} rootId={me.role === 'admin' || !isDealerRole(me.role as Role) ? null : me.userId} selected={selectedId} onSelect={(node) => setSelectedId(node.userId)} />
        </div>
        <div>
          {selected ? (
            <>
              <div className="panel" data-testid="selected-account">
                <h2>
                  {selected.userName} <span className="muted small">{t(`common:roles.${selected.role}` as never)}</span>
                </h2>
                <Link to={`/users/${selected.userId}`}>{t('accountDetails')}</Link>
              </div>
              {writer && mine(selected) && creditActions.length ? (
                <CreditPanel userId={selected.userId} userName={selected.userName} canSetLimit={isDealerRole(selected.role as Role) || selected.role === 'terminal'} allowed={creditActions} />
              ) : null}
              <CreditHistory userId={selected.userId} nameOf={nameOf} title={t('historyOf', { userName: selected.userName })} />
            </>
          ) : (
            <CreditHistory userId={null} nameOf={nameOf} title={t('myHistory')} />
          )}
        </div>
      </div>
    </section>
  );
}
