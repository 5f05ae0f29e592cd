import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §9 "service worker check 1 h". */
export const UPDATE_CHECK_MS = 60 * 60 * 1000;

/**
 * Spec §1 "Service worker update banner reads: New version available! Click to update!". The worker
 * (`public/sw.js`) is registered in production builds; a waiting worker means a new version.
 */
export function UpdateBanner() {
  const { t } = useTranslation('layout');
  const [waiting, setWaiting] = useState<ServiceWorker | null>(null);
  // Only the player's click reloads: the first install also changes the controller (clients.claim).
  const updateRequested = useRef(false);

  useEffect(() => {
    if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
    let timer: ReturnType<typeof setInterval> | undefined;
    let cancelled = false;
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        if (cancelled) return;
        const watch = (worker: ServiceWorker | null) => {
          if (!worker) return;
          const check = () => {
            if (worker.state === 'installed' && navigator.serviceWorker.controller) setWaiting(worker);
          };
          check();
          worker.addEventListener('statechange', check);
        };
        watch(registration.waiting);
        registration.addEventListener('updatefound', () => watch(registration.installing));
        timer = setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch(() => undefined);
    const onController = () => {
      if (updateRequested.current) window.location.reload();
    };
    navigator.serviceWorker.addEventListener('controllerchange', onController);
    return () => {
      cancelled = true;
      if (timer) clearInterval(timer);
      navigator.serviceWorker.removeEventListener('controllerchange', onController);
    };
  }, []);

  if (!waiting) return null;
  return (
    <button type="button" className="update-banner" data-testid="update-banner" onClick={() => {
        updateRequested.current = true;
        waiting.postMessage({ type: 'SKIP_WAITING' });
      }}
    >
      {t('updateAvailable')}
    </button>
  );
}
