import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/format';
import { useIpLogs } from '../api/users';

/** The user's login attempts by address (IP log), for staff holding `ipLogView`. */
export function IpLog({ userId }: { userId: string }) {
  const { t } = useTranslation('users');
  const logs = useIpLogs(userId, true);
  return (
    <div className="panel" data-testid="ip-log">
      <h2>{t('ipLog')}</h2>
      <table className="table table--compact">
        <thead>
          <tr>
            <th>{t('at')}</th>
            <th>IP</th>
            <th>{t('sessionMethod')}</th>
            <th>{t('result')}</th>
          </tr>
        </thead>
        <tbody>
          {(logs.data ?? []).map((entry, index) => (
            <tr key={`${entry.at}-${index}`}>
              <td>{formatDateTime(entry.at, true)}</td>
              <td>{entry.ip}</td>
              <td>{entry.method}</td>
              <td>{entry.success ? t('loginOk') : `${t('loginFailed')} (${entry.reason ?? ''})`}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
