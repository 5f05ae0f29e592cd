import type { AsOf } from '@kupon/api/contract';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/field-error';
import { useReportDealers } from '../api/reports';

/** "The report as it stood at …" when the api answered for a past moment. */
export function AsOfNote({ asOf }: { asOf: AsOf | undefined }) {
  const { t } = useTranslation('reports');
  if (!asOf?.at && !asOf?.position) return null;
  return (
    <Notice kind="warning" testId="as-of">
      {t('asOfShown', { at: asOf.at ?? asOf.position })}
    </Notice>
  );
}

const DEALER_ROLES = new Set(['topDealer', 'dealer', 'subDealer']);

/**
 * A dealer of my scope to report on: the dealers of the site for site-wide staff, a dealer itself and
 * the dealers below it (the api refuses anyone else with `thisOperatorNotYour`). `anyLabel` offers
 * "no dealer" (the whole scope) as the first choice.
 */
export function DealerSelect({ me, value, onChange, anyLabel, testId }: { me: { userId: string; userName: string; role: string }; value: string; onChange: (dealerId: string) => void; anyLabel?: string; testId: string }) {
  const { t } = useTranslation(['reports', 'common']);
  const dealers = useReportDealers();
  const own = DEALER_ROLES.has(me.role) ? [{ userId: me.userId, userName: me.userName, role: me.role, depth: -1 }] : [];
  const options = [...own, ...(dealers.data ?? []).filter((d) => d.userId !== me.userId)];
  return (
    <label>
      {t('dealer')}
      <select value={value} onChange={(event) => onChange(event.target.value)} data-testid={testId}>
        {anyLabel !== undefined ? <option value="">{anyLabel}</option> : null}
        {anyLabel === undefined && !value ? <option value="">{t('chooseDealer')}</option> : null}
        {options.map((dealer) => (
          <option key={dealer.userId} value={dealer.userId}>
            {`${'· '.repeat(Math.max(0, dealer.depth))}${dealer.userName} (${t(`common:roles.${dealer.role}` as never, { defaultValue: dealer.role })})`}
          </option>
        ))}
      </select>
    </label>
  );
}
