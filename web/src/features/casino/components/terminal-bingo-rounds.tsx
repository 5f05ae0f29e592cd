import type { BingoPaidResponse, BingoRoundsResponse, BingoRoundView } from '@kupon/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { apiRequest, isApiError, isMissingRoute } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { useSiteDisplay } from '@/features/site/display';
import { formatDateTime } from '@/lib/format';
import { usePrintStore } from '@/stores/print-store';

/**
 * Under the key of the user's data: closing a game popup reads the user again (`['user']`), and so
 * this list, so the round just played is there to print.
 */
export const TERMINAL_BINGO_ROUNDS_KEY = ['user', 'terminal-bingo-rounds'] as const;

async function loadRounds(): Promise<BingoRoundView[]> {
  try {
    return (await apiRequest<BingoRoundsResponse>('terminal/bingo')).rounds;
  } catch (error) {
    if (isMissingRoute(error)) return [];
    throw error;
  }
}

/**
 * Shop bingo (api/PRINTS.md): a terminal's latest tombala rounds under the bingo page, each with
 * "Print slip" (the `bingo` ticket: round id, cards, stake) and, once won, "Print win slip"
 * (`win-bingo`), through the print area. The customer is paid at the counter from the drawer: a won
 * round not yet paid offers "Pay out", which marks it paid once (no money moves, the win is already in
 * the drawer) and then prints its win slip; a paid round shows "Paid".
 */
export function TerminalBingoRounds() {
  const { t } = useTranslation('casino');
  const { lang = 'tr' } = useParams();
  const printTemplate = usePrintStore((s) => s.printTemplate);
  const rounds = useQuery({ queryKey: TERMINAL_BINGO_ROUNDS_KEY, queryFn: loadRounds });
  const print = (kind: 'bingo' | 'win-bingo', ref: string) => void printTemplate({ kind, ref, lang });
  const client = useQueryClient();
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const [paying, setPaying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const payOut = async (roundId: string) => {
    setPaying(roundId);
    setError(null);
    try {
      const { round } = await apiRequest<BingoPaidResponse>(`terminal/bingo/${encodeURIComponent(roundId)}/paid`, { method: 'POST' });
      client.setQueryData<BingoRoundView[]>(TERMINAL_BINGO_ROUNDS_KEY, (list) => list?.map((each) => (each.roundId === roundId ? round : each)));
      print('win-bingo', roundId);
    } catch (failed) {
      setError(isApiError(failed) ? errorText(failed.key, failed.params) : errorText('tecnicalProblemContent'));
      // Paid already (another cashier, another tab): read the list again so it shows Paid.
      void rounds.refetch();
    } finally {
      setPaying(null);
    }
  };

  return (
    <section className="casino__shop-rounds" data-testid="terminal-bingo-rounds">
      <header className="casino__toolbar">
        <h2>{t('shopRounds.title')}</h2>
        <button type="button" className="button" onClick={() => void rounds.refetch()}>
          {t('shopRounds.refresh')}
        </button>
      </header>
      {error && (
        <p className="notice notice--error" role="alert" data-testid="terminal-bingo-pay-error">
          {error}
        </p>
      )}
      {rounds.isPending ? (
        <div className="page-loading" aria-busy="true" />
      ) : (rounds.data ?? []).length === 0 ? (
        <p>{t('shopRounds.none')}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t('shopRounds.round')}</th>
              <th>{t('shopRounds.playedAt')}</th>
              <th>{t('shopRounds.stake')}</th>
              <th>{t('shopRounds.result')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(rounds.data ?? []).map((round) => (
              <tr key={round.roundId} data-testid="terminal-bingo-round">
                <td>{round.roundId}</td>
                <td>{formatDateTime(round.playedAt)}</td>
                <td>{display.money(round.stake)}</td>
                <td>{round.result === 'won' ? `${t('shopRounds.won')} ${display.money(round.win)}` : t(`shopRounds.${round.result}`)}</td>
                <td>
                  <button type="button" className="button" onClick={() => print('bingo', round.roundId)}>
                    {t('shopRounds.printSlip')}
                  </button>
                  {round.result === 'won' && (
                    <button type="button" className="button button--accent" onClick={() => print('win-bingo', round.roundId)}>
                      {t('shopRounds.printWinSlip')}
                    </button>
                  )}
                  {round.result === 'won' &&
                    (round.paid ? (
                      <span className="casino__shop-paid" data-testid="terminal-bingo-paid" title={`${formatDateTime(round.paid.at)} ${round.paid.by}`}>
                        {t('shopRounds.paid')}
                      </span>
                    ) : (
                      <button type="button" className="button button--accent" disabled={paying !== null} onClick={() => void payOut(round.roundId)}>
                        {t('shopRounds.payOut')}
                      </button>
                    ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
