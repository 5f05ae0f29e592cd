import type { PublicPopup } from '@kupon/api/contract';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useParams } from 'react-router-dom';
import { Modal } from '@/components/modal';
import { usePopupAlerts } from '../api/content';
import { autoCloseMs, popupsToShow, readDismissedPopups, rememberDismissedPopup } from '../rules';

/**
 * Spec §3 popup alerts, one at a time: Home-only ones (type2 0) on Home, closing by the player or
 * after `autoClose` seconds; a closed one stays closed for the session.
 */
export function PopupAlerts({ onHome }: { onHome: boolean }) {
  const { lang = 'tr' } = useParams();
  const popups = usePopupAlerts(lang);
  const [dismissed, setDismissed] = useState(readDismissedPopups);
  const current = useMemo(() => popupsToShow(popups.data ?? [], { onHome, dismissed })[0] ?? null, [popups.data, onHome, dismissed]);
  const close = useCallback((id: string) => setDismissed(rememberDismissedPopup(id)), []);
  if (!current) return null;
  return <PopupAlert key={current.id} popup={current} onClose={close} />;
}

function PopupAlert({ popup, onClose }: { popup: PublicPopup; onClose: (id: string) => void }) {
  const closeThis = useCallback(() => onClose(popup.id), [onClose, popup.id]);
  useEffect(() => {
    const ms = autoCloseMs(popup);
    if (ms === null) return;
    const timer = setTimeout(closeThis, ms);
    return () => clearTimeout(timer);
  }, [popup, closeThis]);
  return (
    <Modal title={popup.title} onClose={closeThis} testId="popup-alert">
      {/* Operator-authored text, shown as plain text (never as markup). */}
      <div className="prose">{popup.content}</div>
    </Modal>
  );
}
