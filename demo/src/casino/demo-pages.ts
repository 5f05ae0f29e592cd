import { MINOR_PER_UNIT } from '@kupon/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type DemoKind, demoKind, SLOT_SYMBOLS, type SlotSymbol } from './demo-games';
import { DEMO_CASINO_PATHS, type DemoCasinoProvider, type DemoChoice, type DemoOutcome, type DemoPlay } from './demo-provider';
import { HORSES, horseOdds, isHorse, LOTTO_BALLS, LOTTO_DRAWN, LOTTO_PAYS, LOTTO_PICKS, validLottoPicks } from './demo-external';
import { drawFixture, type Fixture, MATCH_PICKS, matchOdds, TOMBALA_DRAWN, TOMBALA_MAX_CARDS, TOMBALA_PAYS, type TombalaCard, validFixture, VIRTUAL_TEAMS, WHEEL_NUMBERS, isWheelNumber } from './demo-products';

const SYMBOL_FACE: Readonly<Record<SlotSymbol, string>> = { CHERRY: '🍒', LEMON: '🍋', BELL: '🔔', STAR: '⭐', SEVEN: '7️⃣' };
const DIE_FACE = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];
const LOGO_FACE: Readonly<Record<DemoKind, string>> = { slot: '🍒', dice: '⚄', tombala: '🎱', football: '⚽', wheel: '🎡', race: '🏇', lotto: '🔢' };

const PlayQuery = z.object({ session: z.string().min(16).max(2000), lang: z.string().max(5).default('tr'), currency: z.string().length(3).default('TRY') });
const PlayForm = PlayQuery.extend({
  stake: z.coerce.number().int().positive(),
  bet: z.enum(['low', 'high']).optional(),
  cards: z.coerce.number().int().min(1).max(TOMBALA_MAX_CARDS).optional(),
  home: z.coerce.number().int().optional(),
  away: z.coerce.number().int().optional(),
  pick: z.enum(['1', 'X', '2']).optional(),
  number: z.coerce.number().int().optional(),
  horse: z.coerce.number().int().optional(),
  n1: z.coerce.number().int().optional(),
  n2: z.coerce.number().int().optional(),
  n3: z.coerce.number().int().optional(),
});
type PlayForm = z.output<typeof PlayForm>;
const Params = z.object({ serviceId: z.coerce.number().int() });

/** The few words of the demo pages, in the player's language (tr by default). */
const WORDS = {
  tr: {
    balance: 'Bakiye', stake: 'Bahis', spin: 'Çevir', roll: 'At', low: 'Düşük (1–3)', high: 'Yüksek (4–6)', won: 'Kazandınız', lost: 'Kaybettiniz', refused: 'İşlem reddedildi', unknown: 'Bu oyun bulunamadı.',
    cardPrice: 'Kart fiyatı', cards: 'Kart sayısı', buy: 'Kartları al ve çek', balls: 'Çekilen toplar', card: 'Kart',
    prizes: { none: 'Kazanç yok', line: 'Birinci çinko', twoLines: 'İkinci çinko', fullHouse: 'Tombala' },
    pays: 'Ödemeler', play: 'Maçı oyna', nextMatch: 'Sıradaki maç', draw: 'Beraberlik', result: 'Sonuç', yourPick: 'Seçiminiz', goals: 'Goller', pickNumber: 'Sayı seç', wheelPays: 'Kazanırsa bahis × (sayı + 1)', landed: 'Çark durdu',
    pickHorse: 'Kazanacak atı seç', run: 'Yarışı başlat', finish: 'Varış sırası', lottoPick: `1–${LOTTO_BALLS} arası ${LOTTO_PICKS} farklı sayı seç`, lottoPlay: 'Çekilişi yap', lottoPays: `${LOTTO_DRAWN} top çekilir; 2 bilen ×${LOTTO_PAYS[2]}, 3 bilen ×${LOTTO_PAYS[3]}`, matched: 'Bilinen',
  },
  en: {
    balance: 'Balance', stake: 'Stake', spin: 'Spin', roll: 'Roll', low: 'Low (1–3)', high: 'High (4–6)', won: 'You won', lost: 'No win', refused: 'Refused', unknown: 'This game does not exist.',
    cardPrice: 'Card price', cards: 'Cards', buy: 'Buy cards and draw', balls: 'Balls drawn', card: 'Card',
    prizes: { none: 'No prize', line: 'One line', twoLines: 'Two lines', fullHouse: 'Full house' },
    pays: 'Pays', play: 'Play the match', nextMatch: 'Next match', draw: 'Draw', result: 'Result', yourPick: 'Your pick', goals: 'Goals', pickNumber: 'Pick a number', wheelPays: 'A win pays stake × (number + 1)', landed: 'The wheel stopped at',
    pickHorse: 'Pick the winner', run: 'Start the race', finish: 'Finishing order', lottoPick: `Pick ${LOTTO_PICKS} different numbers of 1–${LOTTO_BALLS}`, lottoPlay: 'Draw', lottoPays: `${LOTTO_DRAWN} balls are drawn; 2 matched pay ×${LOTTO_PAYS[2]}, 3 matched ×${LOTTO_PAYS[3]}`, matched: 'Matched',
  },
} as const;

/** What the form chose, as the provider plays it; null when the form does not fit the game. */
function choiceOf(kind: DemoKind, form: PlayForm): DemoChoice | null {
  switch (kind) {
    case 'slot':
      return { kind };
    case 'dice':
      return { kind, bet: form.bet ?? 'high' };
    case 'tombala':
      return { kind, cards: form.cards ?? 1 };
    case 'football': {
      const fixture = { home: form.home ?? -1, away: form.away ?? -1 };
      return validFixture(fixture) && form.pick ? { kind, fixture, pick: form.pick } : null;
    }
    case 'wheel':
      return form.number !== undefined && isWheelNumber(form.number) ? { kind, pick: form.number } : null;
    case 'race':
      return form.horse !== undefined && isHorse(form.horse) ? { kind, horse: form.horse } : null;
    case 'lotto': {
      const picks = [form.n1, form.n2, form.n3].filter((n): n is number => n !== undefined);
      return validLottoPicks(picks) ? { kind, picks } : null;
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

/**
 * The demo provider's own pages (what a game studio hosts): one page per game for the player
 * site's iframe — the fruit slot, the dice, the tombala, the virtual football match and the lucky
 * wheel. A play posts the form back here; the provider then draws the outcome and calls our
 * seamless wallet server to server, signed, exactly as a remote provider would.
 */
export function demoCasinoPages(demo: DemoCasinoProvider): FastifyPluginAsyncZod {
  return async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
    const nextFixture = () => drawFixture((n) => demo.next(n));

    pages.get('/play/:serviceId', { schema: { hide: true, params: Params, querystring: PlayQuery } }, async (request, reply) => {
      const game = demo.game(request.params.serviceId);
      const words = WORDS[request.query.lang === 'en' ? 'en' : 'tr'];
      if (!game) return page(reply, 404, 'Kupon Demo', `<p>${words.unknown}</p>`);
      const kind = demoKind(game.serviceId);
      const balance = await demo.callWallet(origin(request), 'balance', { session: request.query.session });
      const fixture = kind === 'football' ? nextFixture() : null;
      return page(reply, 200, game.title, gameBody(kind, game, request.query, words, balance.ok ? balance : null, null, fixture));
    });

    pages.post('/play/:serviceId', { schema: { hide: true, params: Params, body: PlayForm } }, async (request, reply) => {
      const game = demo.game(request.params.serviceId);
      const form = request.body;
      const words = WORDS[form.lang === 'en' ? 'en' : 'tr'];
      if (!game) return page(reply, 404, 'Kupon Demo', `<p>${words.unknown}</p>`);
      const kind = demoKind(game.serviceId);
      const choice = choiceOf(kind, form);
      const played: DemoPlay = choice ? await demo.play(origin(request), form.session, game, form.currency, form.stake, choice) : { kind: 'refused', error: 'invalidField' };
      const balance = played.kind === 'played' ? { balance: played.balance, currency: played.currency } : await demo.callWallet(origin(request), 'balance', { session: form.session }).then((b) => (b.ok ? b : null));
      const fixture = kind === 'football' ? nextFixture() : null;
      return page(reply, played.kind === 'refused' && !choice ? 400 : 200, game.title, gameBody(kind, game, form, words, balance, played, fixture));
    });

    pages.get('/logo/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d+\.svg$/) }) } }, async (request, reply) => {
      const game = demo.game(Number(request.params.file.replace('.svg', '')));
      if (!game) return reply.code(404).send({ error: 'notFound' });
      const face = LOGO_FACE[demoKind(game.serviceId)];
      return reply
        .type('image/svg+xml')
        .header('cache-control', 'public, max-age=86400')
        .send(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160"><rect width="240" height="160" rx="16" fill="#1f2a44"/><text x="120" y="80" font-size="56" text-anchor="middle">${face}</text><text x="120" y="132" font-family="sans-serif" font-size="22" fill="#fff" text-anchor="middle">${escapeHtml(game.title)}</text></svg>`);
    });
  };
}

function origin(request: { protocol: string; host: string }): string {
  return `${request.protocol}://${request.host}`;
}

/** The round id's label under a played round. */
const ROUND_WORD = { tr: 'Tur no', en: 'Round' } as const;

type Words = (typeof WORDS)[keyof typeof WORDS];
type FormValues = { session: string; lang: string; currency: string } & Partial<Omit<PlayForm, 'session' | 'lang' | 'currency'>>;

function gameBody(
  kind: DemoKind,
  game: { serviceId: number; title: string; minStake: number; maxStake: number },
  form: FormValues,
  words: Words,
  balance: { balance: number; currency: string } | null,
  played: DemoPlay | null,
  fixture: Fixture | null,
): string {
  const stakes = [game.minStake, game.minStake * 2, game.minStake * 5, game.minStake * 10].filter((s) => game.maxStake === 0 || s <= game.maxStake);
  const chosen = form.stake ?? game.minStake;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  let outcome = '';
  if (played?.kind === 'played') {
    outcome = `${outcomeHtml(played.outcome, words)}<p data-testid="result" data-win="${played.win}">${played.win > 0 ? `${words.won}: ${money(played.win)} ${escapeHtml(played.currency)}` : words.lost}</p>`;
    // The round's id: what the shop's bingo slip and bingoCheckTerminal name it by.
    if (played.roundId) outcome += `<p class="small" data-testid="round" data-round-id="${escapeHtml(played.roundId)}">${ROUND_WORD[form.lang === 'en' ? 'en' : 'tr']}: ${escapeHtml(played.roundId)}</p>`;
  } else if (played?.kind === 'refused') {
    outcome = `<p class="refused" data-testid="refused" data-error="${escapeHtml(played.error)}">${words.refused}: ${escapeHtml(played.error)}</p>`;
  } else if (kind === 'slot' || kind === 'dice') {
    outcome = `<p class="reels">${kind === 'dice' ? DIE_FACE[6] : SLOT_SYMBOLS.slice(0, 3).map((s) => SYMBOL_FACE[s]).join(' ')}</p>`;
  }
  const stakeLabel = kind === 'tombala' ? words.cardPrice : words.stake;
  const { choice, button } = choiceHtml(kind, form, words, fixture);
  return `<h1>${escapeHtml(game.title)}</h1>
<p>${words.balance}: <strong data-testid="balance">${balance ? `${money(balance.balance)} ${escapeHtml(balance.currency)}` : '—'}</strong></p>
${outcome}
<form method="post" action="${DEMO_CASINO_PATHS.play(game.serviceId)}">
${hidden('session', form.session)}${hidden('lang', form.lang)}${hidden('currency', form.currency)}
<label>${stakeLabel} <select name="stake">${stakes.map((s) => `<option value="${s}"${s === chosen ? ' selected' : ''}>${money(s)}</option>`).join('')}</select></label>
${choice}
<button type="submit">${button}</button>
</form>`;
}

function choiceHtml(kind: DemoKind, form: FormValues, words: Words, fixture: Fixture | null): { choice: string; button: string } {
  const radio = (name: string, value: string, label: string, checked: boolean) => `<label><input type="radio" name="${name}" value="${value}"${checked ? ' checked' : ''}> ${label}</label>`;
  switch (kind) {
    case 'slot':
      return { choice: '', button: words.spin };
    case 'dice':
      return { choice: `${radio('bet', 'low', words.low, form.bet === 'low')}${radio('bet', 'high', words.high, form.bet !== 'low')}`, button: words.roll };
    case 'tombala': {
      const count = form.cards ?? 1;
      const options = Array.from({ length: TOMBALA_MAX_CARDS }, (_, i) => i + 1)
        .map((n) => `<option value="${n}"${n === count ? ' selected' : ''}>${n}</option>`)
        .join('');
      const pays = (['line', 'twoLines', 'fullHouse'] as const).map((p) => `${words.prizes[p]} ×${TOMBALA_PAYS[p]}`).join(' · ');
      return { choice: `<label>${words.cards} <select name="cards">${options}</select></label><p class="small">${words.pays}: ${pays} (${TOMBALA_DRAWN}/90)</p>`, button: words.buy };
    }
    case 'football': {
      if (!fixture) return { choice: '', button: words.play };
      const odds = matchOdds(fixture);
      const names = { '1': VIRTUAL_TEAMS[fixture.home]!.name, X: words.draw, '2': VIRTUAL_TEAMS[fixture.away]!.name };
      const picks = MATCH_PICKS.map((p) => radio('pick', p, `${p} · ${escapeHtml(names[p])} <strong data-testid="odds-${p}">${decimal(odds[p])}</strong>`, (form.pick ?? '1') === p)).join('');
      return {
        choice: `<h2 data-testid="fixture">${words.nextMatch}: ${escapeHtml(names['1'])} – ${escapeHtml(names['2'])}</h2><input type="hidden" name="home" value="${fixture.home}"><input type="hidden" name="away" value="${fixture.away}">${picks}`,
        button: words.play,
      };
    }
    case 'wheel': {
      const chosen = form.number ?? 1;
      return { choice: `<p>${words.pickNumber} (${words.wheelPays}):</p>${WHEEL_NUMBERS.map((n) => radio('number', String(n), String(n), n === chosen)).join('')}`, button: words.spin };
    }
    case 'race': {
      const chosen = form.horse ?? 0;
      const horses = HORSES.map((h, i) => radio('horse', String(i), `${i + 1} · ${escapeHtml(h.name)} <strong data-testid="odds-horse-${i}">${decimal(horseOdds(i))}</strong>`, i === chosen)).join('');
      return { choice: `<p>${words.pickHorse}:</p>${horses}`, button: words.run };
    }
    case 'lotto': {
      const chosen = [form.n1 ?? 1, form.n2 ?? 2, form.n3 ?? 3];
      const select = (name: string, value: number) =>
        `<select name="${name}" aria-label="${name}">${Array.from({ length: LOTTO_BALLS }, (_, i) => i + 1)
          .map((n) => `<option value="${n}"${n === value ? ' selected' : ''}>${n}</option>`)
          .join('')}</select>`;
      return { choice: `<p>${words.lottoPick}:</p>${chosen.map((n, i) => select(`n${i + 1}`, n)).join('')}<p class="small">${words.lottoPays}</p>`, button: words.lottoPlay };
    }
    default: {
      const never: never = kind;
      return never;
    }
  }
}

function outcomeHtml(outcome: DemoOutcome, words: Words): string {
  switch (outcome.kind) {
    case 'slot':
      return `<p class="reels" data-testid="outcome">${outcome.spin.reels.map((s) => SYMBOL_FACE[s]).join(' ')}</p>`;
    case 'dice':
      return `<p class="reels" data-testid="outcome">${DIE_FACE[outcome.roll.roll]}</p>`;
    case 'tombala': {
      const drawn = new Set(outcome.round.balls);
      const cards = outcome.round.cards
        .map((c, i) => `<div class="card"><p>${words.card} ${i + 1}: <strong data-testid="card-prize" data-prize="${c.prize}">${words.prizes[c.prize]}</strong></p>${cardTable(c.card, drawn)}</div>`)
        .join('');
      return `<p data-testid="outcome">${words.balls}: <span data-testid="balls">${outcome.round.balls.join(' ')}</span></p><div class="cards">${cards}</div>`;
    }
    case 'football': {
      const { match } = outcome;
      const home = VIRTUAL_TEAMS[match.fixture.home]!.name;
      const away = VIRTUAL_TEAMS[match.fixture.away]!.name;
      const goals = match.goals.map((g) => `${g.minute}' ${escapeHtml(g.side === 'home' ? home : away)}`).join(', ');
      return `<p class="score" data-testid="outcome" data-score="${match.score[0]}-${match.score[1]}" data-result="${match.result}">${escapeHtml(home)} ${match.score[0]} – ${match.score[1]} ${escapeHtml(away)}</p><p>${words.result}: ${match.result} · ${words.yourPick}: ${match.pick} @ ${decimal(match.odds)}${goals ? ` · ${words.goals}: ${goals}` : ''}</p>`;
    }
    case 'wheel':
      return `<p class="reels" data-testid="outcome" data-landed="${outcome.spin.landed}">${words.landed}: ${outcome.spin.landed}</p>`;
    case 'race': {
      const { race } = outcome;
      const order = race.order.map((i, place) => `${place + 1}. ${escapeHtml(HORSES[i]!.name)}`).join(' · ');
      return `<p class="score" data-testid="outcome" data-winner="${race.order[0]}">${words.finish}: ${order}</p><p>${words.yourPick}: ${escapeHtml(HORSES[race.pick]!.name)} @ ${decimal(race.odds)}</p>`;
    }
    case 'lotto': {
      const { draw } = outcome;
      const balls = draw.balls.map((n) => (draw.picks.includes(n) ? `<strong>${n}</strong>` : String(n))).join(' ');
      return `<p data-testid="outcome" data-matched="${draw.matched}">${words.balls}: <span data-testid="balls">${balls}</span></p><p>${words.yourPick}: ${draw.picks.join(', ')} · ${words.matched}: ${draw.matched}</p>`;
    }
    default: {
      const never: never = outcome;
      return never;
    }
  }
}

function cardTable(card: TombalaCard, drawn: ReadonlySet<number>): string {
  const cell = (n: number | null) => (n === null ? '<td></td>' : `<td${drawn.has(n) ? ' class="hit"' : ''}>${n}</td>`);
  return `<table class="tombala">${card.map((row) => `<tr>${row.map(cell).join('')}</tr>`).join('')}</table>`;
}

/** Odds in thousandths as `1.94`, by integer arithmetic. */
function decimal(thousandths: number): string {
  return `${Math.trunc(thousandths / 1_000)}.${String(Math.trunc((thousandths % 1_000) / 10)).padStart(2, '0')}`;
}

/** Minor units as `12.34`, by integer arithmetic. */
function money(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / MINOR_PER_UNIT)}.${String(abs % MINOR_PER_UNIT).padStart(2, '0')}`;
}

function page(reply: FastifyReply, status: number, title: string, body: string) {
  // The player site frames the game: allow it to be embedded.
  reply.removeHeader('x-frame-options');
  reply.header('content-security-policy', "default-src 'self'; style-src 'unsafe-inline'; img-src 'self' data:; form-action 'self'; frame-ancestors *");
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .send(
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;margin:1.5rem;background:#101828;color:#f2f4f7}.reels{font-size:3rem;letter-spacing:.5rem}button,select{font-size:1rem;margin:.5rem .5rem .5rem 0;padding:.4rem .9rem}label{margin-right:1rem}.refused{color:#fda29b}.cards{display:flex;flex-wrap:wrap;gap:1rem}table.tombala{border-collapse:collapse}table.tombala td{border:1px solid #475467;width:2rem;height:2rem;text-align:center}table.tombala td.hit{background:#12b76a;color:#fff}.score{font-size:1.6rem}.small{font-size:.85rem}</style></head><body>${body}</body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
