import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/storage';

/** Spec §1 "A warning notice about look-alike sites exists"; dismissed once per browser. */
export function LookalikeWarning() {
  const { t } = useTranslation('layout');
  const [dismissed, setDismissed] = useState(() => readStored<boolean>(STORAGE_KEYS.lookalikeDismissed) === true);
  if (dismissed) return null;
  return (
    <div className="notice notice--warning lookalike" role="note" data-testid="lookalike-warning">
      <span>{t('lookalike', { host: globalThis.location?.hostname ?? '' })}</span>
      <button
        type="button"
        className="link-button"
        onClick={() => {
          writeStored(STORAGE_KEYS.lookalikeDismissed, true);
          setDismissed(true);
        }}
      >
        {t('dismiss')}
      </button>
    </div>
  );
}
