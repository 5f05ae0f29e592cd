import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteSettings } from '@/features/site/api/get-settings';

/**
 * Spec §2 maintenance page: while the operator has the site in maintenance (site setting
 * `maintenance`), every route shows this page instead of the site; the api refuses players meanwhile
 * (503 `maintenance`, api/MAINTENANCE.md). The settings are re-read as usual, so the site comes back
 * on its own when the switch goes off.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation('layout');
  const settings = useSiteSettings();
  if (!settings.maintenance) return children;
  return (
    <main className="page maintenance" data-testid="maintenance-page">
      {settings.logo ? <img className="maintenance__logo" src={settings.logo} alt={settings.title} /> : null}
      <h1>{t('maintenance.title')}</h1>
      <p>{t('maintenance.text')}</p>
    </main>
  );
}
