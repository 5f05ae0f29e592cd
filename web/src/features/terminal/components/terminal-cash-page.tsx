import type { PrintedSlip, PrinterStateName, SlipResponse } from '@kupon/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { USER_QUERY_KEY, useUser } from '@/features/auth/api/get-user';
import type { PlayerInfo } from '@/features/auth/types';
import { useSiteDisplay } from '@/features/site/display';
import { isApiError, newRequestId } from '@/lib/api-client';
import { useErrorText } from '@/lib/error-text';
import { formatDateTime, parseAmount } from '@/lib/format';
import { browserTimeZone, usePrintStore } from '@/stores/print-store';
import { type CashDirection, moveCash, reportCashOutPrint, reverseCashOut } from '../api/terminal-cash';

/** The printer failures a cashier can name (spec §8 "printer offline, cover open, no paper"). */
const FAILURES = ['noPaper', 'coverOpen', 'offline'] as const satisfies readonly PrinterStateName[];

/** What became of the last cash movement, as the cashier reads it. */
type Outcome =
  | { readonly direction: 'deposit'; readonly transferId: string; readonly amount: number; readonly msg: string }
  | {
      readonly direction: 'withdrawal';
      readonly transferId: string;
      readonly amount: number;
      readonly msg: string;
      /** printing: the slip is on its way; asking: did it come out?; then what the api recorded. */
      readonly slip: 'printing' | 'asking' | 'printed' | 'failed' | 'reporting' | 'reversing' | 'reversed';
      readonly cancellable?: boolean;
      readonly balance?: number;
      readonly error?: string | null;
    };

/** One attempt at moving cash: its request id is kept while it is retried after an unanswered call. */
interface Attempt {
  readonly direction: CashDirection;
  readonly amount: number;
  readonly requestId: string;
}

/** A failure that may not have reached the api (no connection, a server fault): the same attempt may be sent again. */
function unanswered(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

/**
 * The terminal's cash screen (spec §7 terminal/deposit and withdrawPrinterNew; api/PRINTS.md): cash
 * in and cash out, each answered with its slip in the print area; a cash-out's printer status is
 * reported (printerstatuswithdraw) and an unprinted one can be reversed (canceltransaction). §9
 * "printer 1": a terminal has a printer, so every slip prints.
 */
export default function TerminalCashPage() {
  const { user } = useUser();
  if (!user) return <div className="page-loading" aria-busy="true" />;
  return <TerminalCash user={user} />;
}

export function TerminalCash({ user }: { user: PlayerInfo }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  const display = useSiteDisplay();
  const { lang = 'tr' } = useParams();
  const client = useQueryClient();
  const [amounts, setAmounts] = useState<Record<CashDirection, string>>({ deposit: '', withdrawal: '' });
  const [problems, setProblems] = useState<Partial<Record<CashDirection, string>>>({});
  const [busy, setBusy] = useState<CashDirection | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const attempt = useRef<Attempt | null>(null);

  const balance = user.userCredit;
  const money = (amount: number) => display.money(amount, user.currency);

  /** The header's balance: asked again until it moved (a cash-in reaches the wallet a moment later). */
  const refreshBalance = async (before: number) => {
    for (let i = 0; i < 10; i++) {
      await client.invalidateQueries({ queryKey: USER_QUERY_KEY });
      const now = client.getQueryData<PlayerInfo | null>(USER_QUERY_KEY);
      if (!now || now.userCredit !== before) return;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  /** The slip the page makes of the api's answer: the deposit slip, or a cash-out's when its template cannot be had. */
  const ownSlip = (direction: CashDirection, answer: SlipResponse, amount: number): PrintedSlip => ({
    // A deposit slip has no api template kind (api/PRINTS.md); `kind` only names the print area's content.
    kind: (direction === 'deposit' ? 'deposit' : 'withdraw') as PrintedSlip['kind'],
    title: t(answer.slip.title === 'depositSlip' ? 'terminalDepositSlip' : 'terminalWithdrawSlip'),
    siteName: answer.slip.lines[0] ?? '',
    duplicate: false,
    reference: answer.transferId,
    checkCode: null,
    lang: lang === 'en' ? 'en' : 'tr',
    timeZone: browserTimeZone(),
    printedAt: formatDateTime(new Date()),
    lines: [
      { label: t('terminalSlipTerminal'), value: user.userName },
      { label: t('amount'), value: money(amount) },
      { label: t('terminalSlipReference'), value: answer.transferId },
    ],
    selections: [],
    footer: [t('terminalSlipKeep')],
  });

  /** Puts a slip the page made into the print area, printed and cleared as every slip (§7 1500 / 3000 ms). */
  const printOwn = (template: PrintedSlip, onPrinted?: (printer: PrinterStateName) => void) => {
    usePrintStore.getState().print({ kind: template.kind, template }, onPrinted);
  };

  const printCashOut = async (answer: SlipResponse, amount: number) => {
    const onPrinted = (printer: PrinterStateName) => {
      // The browser's print threw: the printer is not there. Otherwise only the cashier sees whether paper came out.
      if (printer !== 'ok') void report(answer.transferId, printer);
      else setOutcome((o) => (o && o.direction === 'withdrawal' && o.transferId === answer.transferId ? { ...o, slip: 'asking' } : o));
    };
    const before = usePrintStore.getState().slip;
    await usePrintStore.getState().printTemplate({ kind: 'withdraw', ref: answer.transferId, lang, onPrinted });
    const after = usePrintStore.getState().slip;
    if (after === before || after === null) printOwn(ownSlip('withdrawal', answer, amount), onPrinted);
  };

  const report = async (transferId: string, printer: PrinterStateName) => {
    setOutcome((o) => (o && o.direction === 'withdrawal' ? { ...o, slip: 'reporting' } : o));
    try {
      const answer = await reportCashOutPrint(transferId, printer);
      setOutcome((o) => (o && o.direction === 'withdrawal' ? { ...o, slip: answer.printed ? 'printed' : 'failed', cancellable: answer.cancellable, error: null } : o));
    } catch (error) {
      const text = isApiError(error) ? errorText(error.key, error.params) : errorText('tecnicalProblemContent');
      setOutcome((o) => (o && o.direction === 'withdrawal' ? { ...o, slip: 'asking', error: text } : o));
    }
  };

  const reverse = async (transferId: string) => {
    setOutcome((o) => (o && o.direction === 'withdrawal' ? { ...o, slip: 'reversing' } : o));
    try {
      const answer = await reverseCashOut(transferId);
      setOutcome((o) => (o && o.direction === 'withdrawal' ? { ...o, slip: 'reversed', balance: answer.balance, error: null } : o));
      await refreshBalance(balance);
    } catch (error) {
      const text = isApiError(error) ? errorText(error.key, error.params) : errorText('tecnicalProblemContent');
      setOutcome((o) => (o && o.direction === 'withdrawal' ? { ...o, slip: 'failed', error: text } : o));
    }
  };

  const submit = async (direction: CashDirection, event: FormEvent) => {
    event.preventDefault();
    const typed = amounts[direction].trim();
    const amount = parseAmount(typed);
    let problem: string | null = null;
    if (!typed) problem = errorText('isRequiredArea');
    else if (amount === null || amount <= 0) problem = errorText('numberRequired');
    else if (direction === 'withdrawal' && amount > balance) problem = errorText('insufficientCredit');
    setProblems((p) => ({ ...p, [direction]: problem ?? undefined }));
    if (problem || amount === null) return;
    // A retry of an unanswered attempt (same way, same amount) carries its id: the api does it once.
    const last = attempt.current;
    const current: Attempt = last && last.direction === direction && last.amount === amount ? last : { direction, amount, requestId: newRequestId() };
    attempt.current = current;
    setBusy(direction);
    setOutcome(null);
    try {
      const answer = await moveCash(direction, current.requestId, amount);
      attempt.current = null;
      setAmounts((a) => ({ ...a, [direction]: '' }));
      if (direction === 'deposit') {
        setOutcome({ direction, transferId: answer.transferId, amount, msg: answer.msg });
        printOwn(ownSlip(direction, answer, amount));
      } else {
        setOutcome({ direction, transferId: answer.transferId, amount, msg: answer.msg, slip: 'printing' });
        void printCashOut(answer, amount);
      }
      void refreshBalance(balance);
    } catch (error) {
      if (!unanswered(error)) attempt.current = null;
      const text = isApiError(error) ? errorText(error.key, error.params) : errorText('tecnicalProblemContent');
      setProblems((p) => ({ ...p, [direction]: text }));
    } finally {
      setBusy(null);
    }
  };

  const form = (direction: CashDirection) => (
    <form className="form" onSubmit={(e) => void submit(direction, e)} noValidate data-testid={`terminal-${direction}-form`}>
      <h2>{t(direction === 'deposit' ? 'terminalCashIn' : 'terminalCashOut')}</h2>
      <label>
        {t('amount')}
        <input
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          value={amounts[direction]}
          onChange={(e) => setAmounts((a) => ({ ...a, [direction]: e.target.value }))}
          data-testid={`terminal-${direction}-amount`}
        />
        {problems[direction] && (
          <span className="field-error" role="alert" data-testid={`terminal-${direction}-error`}>
            {problems[direction]}
          </span>
        )}
      </label>
      {direction === 'withdrawal' && <p className="muted small">{t('terminalCashOutUpTo', { amount: money(balance) })}</p>}
      <button type="submit" className="button button--primary button--block" disabled={busy !== null} data-testid={`terminal-${direction}-submit`}>
        {busy === direction ? t('terminalWorking') : t(direction === 'deposit' ? 'terminalCashInSubmit' : 'terminalCashOutSubmit')}
      </button>
    </form>
  );

  return (
    <section className="page page--narrow" data-testid="page-terminal">
      <h1>{t('terminalTitle')}</h1>
      <p data-testid="terminal-balance">
        {t('balance')}: <strong>{money(balance)}</strong>
      </p>
      {form('deposit')}
      {form('withdrawal')}
      {outcome && <OutcomePanel outcome={outcome} money={money} onReport={(printer) => void report(outcome.transferId, printer)} onReverse={() => void reverse(outcome.transferId)} />}
    </section>
  );
}

function OutcomePanel({ outcome, money, onReport, onReverse }: { outcome: Outcome; money: (amount: number) => string; onReport: (printer: PrinterStateName) => void; onReverse: () => void }) {
  const { t } = useTranslation('money');
  const errorText = useErrorText();
  return (
    <div className="notice notice--success" role="status" data-testid="terminal-outcome" style={{ flexDirection: 'column', alignItems: 'stretch' }}>
      <p data-testid="terminal-message">{errorText(outcome.msg)}</p>
      <p>
        {t(outcome.direction === 'deposit' ? 'terminalCashedIn' : 'terminalCashedOut', { amount: money(outcome.amount) })}
      </p>
      {outcome.direction === 'withdrawal' && (
        <div data-testid="terminal-printer" data-slip={outcome.slip} style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
          {outcome.slip === 'printing' && <p>{t('terminalPrinting')}</p>}
          {outcome.slip === 'asking' && (
            <>
              <p>{t('terminalDidItPrint')}</p>
              <button type="button" className="button" onClick={() => onReport('ok')} data-testid="terminal-printed-ok">
                {t('terminalPrintedYes')}
              </button>
              {FAILURES.map((printer) => (
                <button key={printer} type="button" className="button" onClick={() => onReport(printer)} data-testid={`terminal-printed-${printer}`}>
                  {t(`terminalPrinter.${printer}`)}
                </button>
              ))}
            </>
          )}
          {outcome.slip === 'reporting' && <p>{t('terminalWorking')}</p>}
          {outcome.slip === 'printed' && <p data-testid="terminal-printed">{t('terminalPrinted')}</p>}
          {outcome.slip === 'failed' && (
            <>
              <p data-testid="terminal-not-printed">{t('terminalNotPrinted')}</p>
              {outcome.cancellable && (
                <button type="button" className="button button--primary" onClick={onReverse} data-testid="terminal-reverse">
                  {t('terminalReverse')}
                </button>
              )}
            </>
          )}
          {outcome.slip === 'reversing' && <p>{t('terminalWorking')}</p>}
          {outcome.slip === 'reversed' && <p data-testid="terminal-reversed">{t('terminalReversed', { amount: money(outcome.amount) })}</p>}
          {outcome.error && (
            <p className="notice notice--error" role="alert" data-testid="terminal-printer-error">
              {outcome.error}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
