import type { PublicPopup } from '@kupon/api/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { Modal } from '@/components/modal';
import { usePopupAlerts } from '../api/content';
import { alertStep, popupsToShow, readDismissedPopups, rememberDismissedPopup } from '../rules';
import './popup-alerts.css';

/**
 * Spec §3 popup (push) alerts in one box: Home-only ones (type2 0) on Home. §4 "Push alerts rotate
 * every 10 s, may auto-close after the last": with more than one, the box moves to the next alert
 * every 10 seconds, from the last back to the first; an alert with `autoClose` seconds closes itself
 * once it has been on screen that long in all, so a box of such alerts closes after the last. The
 * player closes the alert shown (the rest keep rotating) or skips to the next; a closed one stays
 * closed for the session.
 */
export function PopupAlerts({ onHome }: { onHome: boolean }) {
  const { t } = useTranslation('content');
  const { lang = 'tr' } = useParams();
  const popups = usePopupAlerts(lang);
  const [dismissed, setDismissed] = useState(readDismissedPopups);
  const shown = useMemo(() => popupsToShow(popups.data ?? [], { onHome, dismissed }), [popups.data, onHome, dismissed]);
  const [position, setPosition] = useState(0);
  // How long each alert has been on screen so far, in ms (what its autoClose counts).
  const [onScreenMs, setOnScreenMs] = useState<Readonly<Record<string, number>>>({});
  const index = shown.length > 0 ? position % shown.length : 0;
  const current: PublicPopup | null = shown[index] ?? null;
  const close = useCallback((id: string) => setDismissed(rememberDismissedPopup(id)), []);
  const next = useCallback(() => setPosition((p) => (shown.length > 0 ? ((p % shown.length) + 1) % shown.length : 0)), [shown.length]);

  const currentId = current?.id;
  const step = current ? alertStep(current, onScreenMs[current.id] ?? 0, shown.length) : null;
  const stepMs = step?.ms;
  const stepThen = step?.then;
  useEffect(() => {
    if (!currentId || stepMs === undefined) return;
    const timer = setTimeout(() => {
      if (stepThen === 'close') close(currentId);
      else {
        setOnScreenMs((seen) => ({ ...seen, [currentId]: (seen[currentId] ?? 0) + stepMs }));
        next();
      }
    }, stepMs);
    return () => clearTimeout(timer);
  }, [currentId, stepMs, stepThen, close, next]);

  if (!current) return null;
  return (
    <Modal title={current.title} onClose={() => close(current.id)} testId="popup-alert">
      {/* Operator-authored text, shown as plain text (never as markup). */}
      <div className="prose">{current.content}</div>
      {shown.length > 1 && (
        <footer className="popup-alert__rotation">
          <span className="muted small" data-testid="popup-alert-position">
            {t('alertPosition', { current: index + 1, total: shown.length })}
          </span>
          <button type="button" className="link-button" onClick={next} data-testid="popup-alert-next">
            {t('nextAlert')}
          </button>
        </footer>
      )}
    </Modal>
  );
}
