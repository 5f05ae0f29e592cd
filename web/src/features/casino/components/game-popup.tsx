import type { CasinoItem } from '@kupon/api/contract';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OpenOutcome } from '../types';

export type GameShown = Extract<OpenOutcome, { kind: 'frame' | 'markup' }>;

/**
 * Spec §2 game popup: the game's frame, a fullscreen toggle, deposit and withdraw buttons. While
 * `shown` is null the game is being opened. Escape, the backdrop and the close button close it.
 */
export function GamePopup({ game, shown, onClose, onMoney }: { game: CasinoItem; shown: GameShown | null; onClose: () => void; onMoney?: (type: 1 | 2) => void }) {
  const { t } = useTranslation('casino');
  const stage = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && !document.fullscreenElement && onClose();
    const onFullscreen = () => setFull(document.fullscreenElement !== null && document.fullscreenElement === stage.current);
    document.addEventListener('keydown', onKey);
    document.addEventListener('fullscreenchange', onFullscreen);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('fullscreenchange', onFullscreen);
    };
  }, [onClose]);

  const toggleFullscreen = () => {
    const request = full ? document.exitFullscreen() : stage.current?.requestFullscreen();
    void request?.catch(() => undefined);
  };

  return (
    <div className="modal-backdrop" onClick={onClose}>
      <div className="modal game-popup" role="dialog" aria-modal="true" aria-label={game.title} data-testid="game-popup" onClick={(e) => e.stopPropagation()}>
        <header className="modal__header">
          <h2>{game.title}</h2>
          <div className="game-popup__tools">
            {onMoney && (
              <>
                <button type="button" className="button button--accent" onClick={() => onMoney(1)}>
                  {t('deposit')}
                </button>
                <button type="button" className="button" onClick={() => onMoney(2)}>
                  {t('withdraw')}
                </button>
              </>
            )}
            {document.fullscreenEnabled && shown && (
              <button type="button" className="button" aria-pressed={full} onClick={toggleFullscreen}>
                {full ? t('exitFullscreen') : t('fullscreen')}
              </button>
            )}
            <button type="button" className="link-button game-popup__close" aria-label={t('closeGame')} data-testid="game-popup-close" onClick={onClose}>
              ×
            </button>
          </div>
        </header>
        <div className="game-popup__stage" ref={stage}>
          {shown === null ? (
            <div className="page-loading game-popup__loading" aria-busy="true" data-testid="game-loading">
              {t('opening')}
            </div>
          ) : shown.kind === 'frame' ? (
            <iframe id={shown.frameId} title={game.title} src={shown.src} allow="autoplay; fullscreen" data-testid="game-frame" />
          ) : (
            // Markup from the provider runs in a frame of its own origin: it can never reach this site.
            <iframe id={shown.frameId} title={game.title} srcDoc={shown.html} sandbox="allow-scripts allow-forms allow-popups" data-testid="game-frame" />
          )}
        </div>
      </div>
    </div>
  );
}
