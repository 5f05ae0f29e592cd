import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '@/components/icon';

/** Spec §2 header "fullscreen toggle". */
export function FullscreenToggle() {
  const { t } = useTranslation('layout');
  const [full, setFull] = useState(() => Boolean(document.fullscreenElement));
  useEffect(() => {
    const onChange = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  if (!document.fullscreenEnabled) return null;
  return (
    <button
      type="button"
      className="icon-button"
      aria-pressed={full}
      title={full ? t('exitFullscreen') : t('fullscreen')}
      onClick={() => void (full ? document.exitFullscreen() : document.documentElement.requestFullscreen()).catch(() => undefined)}
    >
      <Icon name="expand" />
      <span className="sr-only">{full ? t('exitFullscreen') : t('fullscreen')}</span>
    </button>
  );
}
