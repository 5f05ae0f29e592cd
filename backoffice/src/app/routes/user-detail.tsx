import { isStaffRole, type Role } from '@kupon/domain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { Notice } from '@/components/field-error';
import { useMe } from '@/features/auth/api/session';
import { hasBills } from '@/features/bills/access';
import { BillsPanel } from '@/features/bills/components/bills-panel';
import { canWrite, isSiteStaff } from '@/features/auth/access';
import { useUser } from '@/features/users/api/users';
import { AdjustBalanceForm } from '@/features/users/components/adjust-balance-form';
import { AdminFields } from '@/features/users/components/admin-fields';
import { IpLog } from '@/features/users/components/ip-log';
import { LimitsForm } from '@/features/users/components/limits-form';
import { LoginAsUserButton, mayLoginAsUser } from '@/features/users/components/login-as-user-button';
import { PermissionsForm } from '@/features/users/components/permissions-form';
import { ProductFlagsForm } from '@/features/users/components/product-flags-form';
import { StatusAndSessions } from '@/features/users/components/status-and-sessions';
import { useFailureText } from '@/lib/error-text';

/** One user (§3 admin view) with what my role may change: status, sessions, product flags, limits, permissions, balance corrections. */
export default function UserDetailPage() {
  const { t } = useTranslation('users');
  const failure = useFailureText();
  const { userId = '' } = useParams();
  const me = useMe().data!;
  const user = useUser(userId);
  if (user.isPending) return <div className="page-loading" aria-busy="true" />;
  if (user.isError) return <Notice kind="error">{failure(user.error)}</Notice>;
  const u = user.data;
  const writer = canWrite(me) && u.userId !== me.userId;
  const edits = writer && me.permissions.includes('userEdit');
  const limits = writer && me.permissions.includes('limitsEdit');
  const staff = isStaffRole(u.role as Role);
  return (
    <section className="card" data-testid="page-user">
      <p>
        <Link to="/users">← {t('title')}</Link>
      </p>
      <h1 data-testid="user-title">
        {u.userName} <span className="muted small">{u.userId}</span>
      </h1>
      <div className="split">
        <AdminFields user={u} />
        <StatusAndSessions user={u} editable={edits} />
      </div>
      {writer && mayLoginAsUser(me, u) ? <LoginAsUserButton userId={u.userId} /> : null}
      <ProductFlagsForm user={u} editable={edits} />
      {u.role === 'player' || u.role === 'terminal' ? <LimitsForm user={u} editable={limits} /> : null}
      {staff ? <PermissionsForm user={u} editable={edits} /> : null}
      {writer && isSiteStaff(me) ? <AdjustBalanceForm userId={u.userId} /> : null}
      {me.permissions.includes('ipLogView') ? <IpLog userId={u.userId} /> : null}
      {hasBills(me, u) ? <BillsPanel accountId={u.userId} userName={u.userName} /> : null}
    </section>
  );
}
