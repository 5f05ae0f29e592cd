import type { SlipSelection } from '@kupon/domain';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useUser } from '@/features/auth/api/get-user';
import { usePlaceCoupon } from '@/features/betslip/api/place-coupon';
import { BetslipPanel } from '@/features/betslip/components/betslip-panel';
import { CreationAlert } from '@/features/betslip/components/creation-alert';
import { useSiteSettings } from '@/features/site/api/get-settings';
import { quickStakes } from '@/features/site/types';
import { isApiError } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { type SelectionDetail, useBetslipStore } from '@/stores/betslip-store';
import { useUiStore } from '@/stores/ui-store';

/** The betslip beside sports, live and match pages; placing needs a login (the login popup opens). */
export function BetslipAside() {
  const settings = useSiteSettings();
  const { user } = useUser();
  const openPopup = useUiStore((s) => s.openPopup);
  const { t } = useTranslation('layout');
  const errorText = useErrorText();
  const { lang = 'tr' } = useParams();
  const place = usePlaceCoupon();
  // After the alert of an accepted coupon closed: §8 ticketCreateSuccess, with the way to Coupons.
  const [created, setCreated] = useState(false);
  const [placed, setPlaced] = useState<{ selections: readonly SlipSelection[]; details: Readonly<Record<string, SelectionDetail>> } | null>(null);

  const onPlace = () => {
    if (!user) {
      openPopup({ kind: 'login' });
      return;
    }
    const { slip, details } = useBetslipStore.getState();
    setPlaced({ selections: slip.selections, details });
    setCreated(false);
    place.mutate();
  };
  const { reset, isSuccess } = place;
  const closeAlert = useCallback(() => {
    setCreated(isSuccess);
    setPlaced(null);
    reset();
  }, [isSuccess, reset]);

  const error = place.error ? (isApiError(place.error) ? { key: place.error.key, params: place.error.params } : { key: 'tecnicalProblemContent', params: [] }) : null;
  const state = place.isPending ? 'pending' : place.isError ? 'error' : 'success';

  return (
    <aside className="aside">
      <BetslipPanel
        currency={user?.currency ?? settings.defaultCurrency}
        currencyMode={settings.currencyMode}
        quickStakes={quickStakes(settings)}
        placing={place.isPending}
        onPlace={onPlace}
      />
      {created && (
        <p className="notice notice--success" role="status" data-testid="coupon-created">
          {errorText('ticketCreateSuccess')}{' '}
          <Link to={`/${lang}/coupons`} onClick={() => setCreated(false)}>
            {t('coupons')}
          </Link>
        </p>
      )}
      {placed && (place.isPending || place.isError || place.isSuccess) && (
        <CreationAlert
          state={state}
          error={error}
          selections={placed.selections}
          details={placed.details}
          onClose={closeAlert}
        />
      )}
    </aside>
  );
}
