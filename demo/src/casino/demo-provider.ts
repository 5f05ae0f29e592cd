import type { CasinoGame } from '@kupon/domain';
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { DEMO_GAMES, type DiceBet, type DiceRoll, type Draw, rollDice, type SlotSpin, spinSlot } from './demo-games';
import { drawLotto, type LottoDraw, type RaceResult, runRace } from './demo-external';
import { type Fixture, type MatchPick, playTombala, playVirtualMatch, spinWheel, type TombalaRound, type VirtualMatch, type WheelNumber, type WheelSpin } from './demo-products';
import type { BingoCard, CasinoProvider, GameLaunch, GameLaunchRequest, WalletCallbackKind } from '@kupon/api/casino';

export const DEMO_CASINO_SIGNATURE_HEADER = 'x-casino-signature';

/** Where the demo provider's pages live and where it calls our seamless wallet (under the api prefix). */
export const DEMO_CASINO_PATHS = {
  play: (serviceId: number) => `/api/v1/casino/demo/play/${serviceId}`,
  wallet: (kind: WalletCallbackKind) => `/api/v1/casino/wallet/demo/${kind}`,
} as const;

/** What our wallet answered the provider. */
export type WalletReply = { readonly ok: true; readonly balance: number; readonly currency: string } | { readonly ok: false; readonly status: number; readonly error: string };

/** What the player chose on the game's page besides the stake. */
export type DemoChoice =
  | { readonly kind: 'slot' }
  | { readonly kind: 'dice'; readonly bet: DiceBet }
  /** `stake` is per card: the bet is stake × cards. */
  | { readonly kind: 'tombala'; readonly cards: number }
  | { readonly kind: 'football'; readonly fixture: Fixture; readonly pick: MatchPick }
  | { readonly kind: 'wheel'; readonly pick: WheelNumber }
  /** `horse`: the index in HORSES backed to win. */
  | { readonly kind: 'race'; readonly horse: number }
  | { readonly kind: 'lotto'; readonly picks: readonly number[] };

/** The drawn round, by game. */
export type DemoOutcome =
  | { readonly kind: 'slot'; readonly spin: SlotSpin }
  | { readonly kind: 'dice'; readonly roll: DiceRoll }
  | { readonly kind: 'tombala'; readonly round: TombalaRound }
  | { readonly kind: 'football'; readonly match: VirtualMatch }
  | { readonly kind: 'wheel'; readonly spin: WheelSpin }
  | { readonly kind: 'race'; readonly race: RaceResult }
  | { readonly kind: 'lotto'; readonly draw: LottoDraw };

export type DemoPlay =
  | { readonly kind: 'refused'; readonly error: string }
  | { readonly kind: 'played'; readonly stake: number; readonly win: number; readonly balance: number; readonly currency: string; readonly outcome: DemoOutcome; readonly roundId?: string };

const ATTEMPTS = 3;
/** How many tombala rounds' cards the demo provider remembers (its stand-in for a provider's round history). */
const REMEMBERED_ROUNDS = 10_000;

/**
 * The built-in casino provider: a stand-in for a real game studio that runs inside the api. It serves
 * its games as plain HTML pages for an iframe, draws each outcome itself, and moves the money the
 * way a real seamless-wallet provider does: server to server, calling our wallet's bet / win /
 * rollback with an HMAC-SHA256 signature over the exact body.
 */
export class DemoCasinoProvider implements CasinoProvider {
  readonly name = 'demo';
  /** The cards of the last tombala rounds, by round id (oldest dropped first): what `roundCards` answers. */
  private readonly bingoCards = new Map<string, readonly BingoCard[]>();

  constructor(
    private readonly secret: string,
    private readonly draw: Draw = randomInt,
  ) {}

  async games(): Promise<readonly CasinoGame[]> {
    return DEMO_GAMES;
  }

  game(serviceId: number): CasinoGame | undefined {
    return DEMO_GAMES.find((game) => game.serviceId === serviceId);
  }

  async launch(request: GameLaunchRequest): Promise<GameLaunch> {
    const query = new URLSearchParams({ session: request.session, lang: request.lang, currency: request.currency });
    return { url: `${request.origin}${DEMO_CASINO_PATHS.play(request.game.serviceId)}?${query.toString()}`, iframe: true };
  }

  readCallback(_kind: WalletCallbackKind, rawBody: string, headers: Readonly<Record<string, string | string[] | undefined>>): unknown {
    const signature = headers[DEMO_CASINO_SIGNATURE_HEADER];
    if (typeof signature !== 'string' || !equalHex(this.sign(rawBody), signature)) return null;
    try {
      return JSON.parse(rawBody) as unknown;
    } catch {
      return null;
    }
  }

  /** The signature header value of a body (what the provider sends; tests sign with it too). */
  sign(body: string): string {
    return createHmac('sha256', this.secret).update(body).digest('hex');
  }

  /** The provider's side: one signed call to our wallet at `origin`. A network failure or a 5xx is retried with the same body (the same transaction). */
  async callWallet(origin: string, kind: WalletCallbackKind, payload: object): Promise<WalletReply> {
    const body = JSON.stringify(payload);
    let last: WalletReply = { ok: false, status: 0, error: 'tecnicalProblemTitle' };
    for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
      try {
        const response = await fetch(`${origin}${DEMO_CASINO_PATHS.wallet(kind)}`, { method: 'POST', headers: { 'content-type': 'application/json', [DEMO_CASINO_SIGNATURE_HEADER]: this.sign(body) }, body });
        const answer = (await response.json()) as { balance?: number; currency?: string; error?: string };
        if (response.ok) return { ok: true, balance: answer.balance!, currency: answer.currency! };
        last = { ok: false, status: response.status, error: answer.error ?? 'tecnicalProblemTitle' };
        if (response.status < 500) return last;
      } catch {
        last = { ok: false, status: 0, error: 'tecnicalProblemTitle' };
      }
    }
    return last;
  }

  /**
   * One play: the bet, the draw, the win (0 for a lost round: it closes the round). When the bet's
   * answer never came, the bet is rolled back, so the player is never left debited for a round that
   * did not happen.
   */
  async play(origin: string, session: string, game: CasinoGame, currency: string, stake: number, choice: DemoChoice): Promise<DemoPlay> {
    const roundId = randomUUID();
    const round = { session, roundId, serviceId: game.serviceId, currency };
    const amount = choice.kind === 'tombala' ? stake * choice.cards : stake;
    const bet = await this.callWallet(origin, 'bet', { ...round, transactionId: `bet-${roundId}`, amount });
    if (!bet.ok) {
      if (bet.status === 0 || bet.status >= 500) await this.callWallet(origin, 'rollback', { session, roundId, serviceId: game.serviceId, transactionId: `rollback-${roundId}`, betTransactionId: `bet-${roundId}` });
      return { kind: 'refused', error: bet.error };
    }
    const outcome = this.drawRound(game, stake, choice);
    if (outcome.kind === 'tombala') this.rememberCards(roundId, outcome.round.cards.map((c) => c.card));
    const win = outcomeWin(outcome);
    const credited = await this.callWallet(origin, 'win', { ...round, transactionId: `win-${roundId}`, amount: win });
    if (!credited.ok) return { kind: 'refused', error: credited.error };
    return { kind: 'played', stake: amount, win, balance: credited.balance, currency: credited.currency, outcome, roundId };
  }

  /** The cards a tombala round bought (the bingo slip prints them); null for a round it does not remember. */
  async roundCards(roundId: string): Promise<readonly BingoCard[] | null> {
    return this.bingoCards.get(roundId) ?? null;
  }

  private rememberCards(roundId: string, cards: readonly BingoCard[]): void {
    this.bingoCards.set(roundId, cards);
    if (this.bingoCards.size > REMEMBERED_ROUNDS) this.bingoCards.delete(this.bingoCards.keys().next().value!);
  }

  /** The provider's draw of one round (after the bet was taken). */
  private drawRound(game: CasinoGame, stake: number, choice: DemoChoice): DemoOutcome {
    switch (choice.kind) {
      case 'slot':
        return { kind: 'slot', spin: spinSlot(stake, game.maxPay, this.draw) };
      case 'dice':
        return { kind: 'dice', roll: rollDice(stake, choice.bet, game.maxPay, this.draw) };
      case 'tombala':
        return { kind: 'tombala', round: playTombala(stake, choice.cards, game.maxPay, this.draw) };
      case 'football':
        return { kind: 'football', match: playVirtualMatch(stake, choice.fixture, choice.pick, game.maxPay, this.draw) };
      case 'wheel':
        return { kind: 'wheel', spin: spinWheel(stake, choice.pick, game.maxPay, this.draw) };
      case 'race':
        return { kind: 'race', race: runRace(stake, choice.horse, game.maxPay, this.draw) };
      case 'lotto':
        return { kind: 'lotto', draw: drawLotto(stake, choice.picks, game.maxPay, this.draw) };
      default: {
        const never: never = choice;
        return never;
      }
    }
  }

  /** A draw of the provider's RNG (the pages draw the next virtual fixture with it). */
  next(n: number): number {
    return this.draw(n);
  }
}

function outcomeWin(outcome: DemoOutcome): number {
  switch (outcome.kind) {
    case 'slot':
      return outcome.spin.win;
    case 'dice':
      return outcome.roll.win;
    case 'tombala':
      return outcome.round.win;
    case 'football':
      return outcome.match.win;
    case 'wheel':
      return outcome.spin.win;
    case 'race':
      return outcome.race.win;
    case 'lotto':
      return outcome.draw.win;
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

function equalHex(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'hex');
  const b = Buffer.from(given, 'hex');
  return a.length === b.length && a.length > 0 && timingSafeEqual(a, b);
}
