import { MINOR_PER_UNIT } from '@kupon/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DEMO_DICE_SERVICE_ID, SLOT_SYMBOLS, type SlotSymbol } from './demo-games';
import { DEMO_CASINO_PATHS, type DemoCasinoProvider, type DemoPlay } from './demo-provider';

const SYMBOL_FACE: Readonly<Record<SlotSymbol, string>> = { CHERRY: '🍒', LEMON: '🍋', BELL: '🔔', STAR: '⭐', SEVEN: '7️⃣' };
const DIE_FACE = ['', '⚀', '⚁', '⚂', '⚃', '⚄', '⚅'];

const PlayQuery = z.object({ session: z.string().min(16).max(2000), lang: z.string().max(5).default('tr'), currency: z.string().length(3).default('TRY') });
const PlayForm = PlayQuery.extend({ stake: z.coerce.number().int().positive(), bet: z.enum(['low', 'high']).optional() });
const Params = z.object({ serviceId: z.coerce.number().int() });

/** The few words of the demo pages, in the player's language (tr by default). */
const WORDS = {
  tr: { balance: 'Bakiye', stake: 'Bahis', spin: 'Çevir', roll: 'At', low: 'Düşük (1–3)', high: 'Yüksek (4–6)', won: 'Kazandınız', lost: 'Kaybettiniz', refused: 'İşlem reddedildi', unknown: 'Bu oyun bulunamadı.' },
  en: { balance: 'Balance', stake: 'Stake', spin: 'Spin', roll: 'Roll', low: 'Low (1–3)', high: 'High (4–6)', won: 'You won', lost: 'No win', refused: 'Refused', unknown: 'This game does not exist.' },
} as const;

/**
 * The demo provider's own pages (what a real game studio hosts): one page per game for the player
 * site's iframe. A play posts the form back here; the provider then draws the outcome and calls our
 * seamless wallet server to server, signed, exactly as a remote provider would.
 */
export function demoCasinoPages(demo: DemoCasinoProvider): FastifyPluginAsyncZod {
  return async (pages) => {
    pages.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));

    pages.get('/play/:serviceId', { schema: { hide: true, params: Params, querystring: PlayQuery } }, async (request, reply) => {
      const game = demo.game(request.params.serviceId);
      const words = WORDS[request.query.lang === 'en' ? 'en' : 'tr'];
      if (!game) return page(reply, 404, 'Kupon Demo', `<p>${words.unknown}</p>`);
      const balance = await demo.callWallet(origin(request), 'balance', { session: request.query.session });
      return page(reply, 200, game.title, gameBody(game.serviceId, game.title, game.minStake, game.maxStake, request.query, words, balance.ok ? balance : null, null));
    });

    pages.post('/play/:serviceId', { schema: { hide: true, params: Params, body: PlayForm } }, async (request, reply) => {
      const game = demo.game(request.params.serviceId);
      const form = request.body;
      const words = WORDS[form.lang === 'en' ? 'en' : 'tr'];
      if (!game) return page(reply, 404, 'Kupon Demo', `<p>${words.unknown}</p>`);
      const dice = game.serviceId === DEMO_DICE_SERVICE_ID ? (form.bet ?? 'high') : null;
      const played = await demo.play(origin(request), form.session, game, form.currency, form.stake, dice);
      const balance = played.kind === 'played' ? { balance: played.balance, currency: played.currency } : await demo.callWallet(origin(request), 'balance', { session: form.session }).then((b) => (b.ok ? b : null));
      return page(reply, 200, game.title, gameBody(game.serviceId, game.title, game.minStake, game.maxStake, form, words, balance, played));
    });

    pages.get('/logo/:file', { schema: { hide: true, params: z.object({ file: z.string().regex(/^\d+\.svg$/) }) } }, async (request, reply) => {
      const game = demo.game(Number(request.params.file.replace('.svg', '')));
      if (!game) return reply.code(404).send({ error: 'notFound' });
      const face = game.serviceId === DEMO_DICE_SERVICE_ID ? '⚄' : '🍒';
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

type Words = (typeof WORDS)[keyof typeof WORDS];

function gameBody(
  serviceId: number,
  title: string,
  minStake: number,
  maxStake: number,
  form: { session: string; lang: string; currency: string; stake?: number; bet?: 'low' | 'high' | undefined },
  words: Words,
  balance: { balance: number; currency: string } | null,
  played: DemoPlay | null,
): string {
  const stakes = [minStake, minStake * 2, minStake * 5, minStake * 10].filter((s) => maxStake === 0 || s <= maxStake);
  const chosen = form.stake ?? minStake;
  const isDice = serviceId === DEMO_DICE_SERVICE_ID;
  const hidden = (name: string, value: string) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  let outcome = '';
  if (played?.kind === 'played') {
    const faces = played.spin ? played.spin.reels.map((s) => SYMBOL_FACE[s]).join(' ') : DIE_FACE[played.dice!.roll];
    outcome = `<p class="reels" data-testid="outcome">${faces}</p><p data-testid="result" data-win="${played.win}">${played.win > 0 ? `${words.won}: ${money(played.win)} ${escapeHtml(played.currency)}` : words.lost}</p>`;
  } else if (played?.kind === 'refused') {
    outcome = `<p class="refused" data-testid="refused" data-error="${escapeHtml(played.error)}">${words.refused}: ${escapeHtml(played.error)}</p>`;
  } else {
    outcome = `<p class="reels">${isDice ? DIE_FACE[6] : SLOT_SYMBOLS.slice(0, 3).map((s) => SYMBOL_FACE[s]).join(' ')}</p>`;
  }
  const choice = isDice
    ? `<label><input type="radio" name="bet" value="low"${form.bet === 'low' ? ' checked' : ''}> ${words.low}</label><label><input type="radio" name="bet" value="high"${form.bet !== 'low' ? ' checked' : ''}> ${words.high}</label>`
    : '';
  return `<h1>${escapeHtml(title)}</h1>
<p>${words.balance}: <strong data-testid="balance">${balance ? `${money(balance.balance)} ${escapeHtml(balance.currency)}` : '—'}</strong></p>
${outcome}
<form method="post" action="${DEMO_CASINO_PATHS.play(serviceId)}">
${hidden('session', form.session)}${hidden('lang', form.lang)}${hidden('currency', form.currency)}
<label>${words.stake} <select name="stake">${stakes.map((s) => `<option value="${s}"${s === chosen ? ' selected' : ''}>${money(s)}</option>`).join('')}</select></label>
${choice}
<button type="submit">${isDice ? words.roll : words.spin}</button>
</form>`;
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
      `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font-family:sans-serif;margin:1.5rem;background:#101828;color:#f2f4f7}.reels{font-size:3rem;letter-spacing:.5rem}button,select{font-size:1rem;margin:.5rem .5rem .5rem 0;padding:.4rem .9rem}label{margin-right:1rem}.refused{color:#fda29b}</style></head><body>${body}</body></html>`,
    );
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
