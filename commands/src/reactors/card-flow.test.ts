import { cardDecider, cardStream, type IssuedCard, walletDecider, type WalletCommand, walletStream } from '@kupon/domain';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type TestStorage, testBackends } from '@kupon/eventstore/testing';
import { completeCard } from './card-flow';
import { moneyReactors, ReactorRunner } from './money-reactors';
import type { CommandMeta } from '../runner/meta';
import { StreamCommands } from '../runner/stream-commands';

const AT = '2026-11-25T10:00:00.000Z';

function meta(): CommandMeta {
  const id = randomUUID();
  return { actor: { userId: 'test', role: 'admin' }, correlationId: id, causationId: id, at: AT, eventId: (i) => (i === 0 ? id : randomUUID()) };
}

const card = (cardId: string): IssuedCard => ({ cardId, siteId: 'site-1', dealerId: 'd1', number: '4000000000000001', pinHash: 'h', amount: 3_000, currency: 'TRY', batch: null, issuedAt: AT, expiresAt: null });

/** A request that died after its first append: the card-flow reactor finishes what it left, once. */
describe(`card flow after a crash (${testBackends[0]!.name})`, () => {
  let storage: TestStorage;
  let commands: StreamCommands;
  let reactors: ReactorRunner;

  const wallet = async (accountId: string, command: WalletCommand) => {
    const outcome = await commands.run(walletStream(accountId), walletDecider, command, meta());
    if (!outcome.ok) throw new Error(`${command.type}: ${outcome.error.code}`);
  };
  const balance = async (accountId: string) => {
    const { state } = await new StreamCommands(storage.store).load(walletStream(accountId), walletDecider);
    return state.status === 'open' ? state.balance : null;
  };
  const cardState = async (cardId: string) => (await new StreamCommands(storage.store).load(cardStream(cardId), cardDecider)).state.status;
  const settle = async () => {
    await reactors.waitUntilCaughtUp();
    await reactors.waitUntilCaughtUp();
  };

  beforeEach(async () => {
    storage = await testBackends[0]!.open();
    commands = new StreamCommands(storage.store);
    reactors = new ReactorRunner({ store: storage.store, pool: storage.pool, commands, reactors: moneyReactors(storage.store) });
    await reactors.start();
    for (const [id, kind] of [['p1', 'player'], ['d1', 'dealer']] as const) await wallet(id, { type: 'OpenWallet', reference: `open-${id}`, now: AT, accountId: id, ownerKind: kind, currency: 'TRY', siteId: 'site-1' });
    await wallet('d1', { type: 'AdjustBalance', reference: 'float', now: AT, amount: 10_000, reason: 'float', byUserId: 'admin' });
  });
  afterEach(async () => {
    await reactors.stop();
    await storage.close();
  });

  it('opens a paid card, credits its redeem once and refunds a cancel once, however often each step is repeated', async () => {
    await wallet('d1', { type: 'FundCards', reference: 'issue-1', now: AT, cards: [card('c1'), card('c2')] });
    await settle();
    expect([await cardState('c1'), await cardState('c2'), await balance('d1')]).toEqual(['issued', 'issued', 4_000]);

    // The redeem request appended CardRedeemed and died before crediting.
    const redeemed = await commands.run(cardStream('c1'), cardDecider, { type: 'RedeemCard', playerId: 'p1', siteId: 'site-1', pinHash: 'h', now: AT }, meta());
    expect(redeemed.ok).toBe(true);
    await settle();
    expect(await balance('p1')).toBe(3_000);
    // The request's own step after the reactor's: the same derived ids, nothing more moves.
    const [event] = (await storage.store.readStream(cardStream('c1'))).filter((e) => e.type === 'CardRedeemed');
    expect((await completeCard(new StreamCommands(storage.store), event!)).ok).toBe(true);
    expect(await balance('p1')).toBe(3_000);

    await commands.run(cardStream('c2'), cardDecider, { type: 'CancelCard', byUserId: 'd1', allowed: true, now: AT }, meta());
    await settle();
    const [cancelled] = (await storage.store.readStream(cardStream('c2'))).filter((e) => e.type === 'CardCancelled');
    expect((await completeCard(new StreamCommands(storage.store), cancelled!)).ok).toBe(true);
    await settle();
    expect(await balance('d1')).toBe(7_000);
    const dealerLog = await storage.store.readStream(walletStream('d1'));
    expect(dealerLog.filter((e) => e.type === 'CardRefunded')).toHaveLength(1);
  });
});
