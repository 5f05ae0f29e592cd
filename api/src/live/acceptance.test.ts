import { isDomainError } from '@kupon/domain';
import { testBackends, type TestStorage } from '@kupon/projections/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptHeldSelections, holdLiveSelections, type LiveHold, type LiveSelection } from './acceptance';
import { LiveOddsBook } from './odds-book';
import { fixture, MatchWriter, oneXTwo, playing } from './testing';

for (const backend of testBackends) {
  describe(`live acceptance delay on ${backend.name}`, () => {
    let storage: TestStorage;
    let book: LiveOddsBook;
    let writer: MatchWriter;
    let n = 0;

    beforeAll(async () => {
      storage = await backend.open();
      book = new LiveOddsBook(storage.store);
      book.start();
      writer = new MatchWriter(storage.store);
    });
    afterAll(async () => {
      await book.stop();
      await storage.close();
    });

    const liveMatch = async (sportId: 1 | 2 = 1) => {
      const id = `acc-${++n}`;
      await writer.create(fixture(id, sportId));
      await writer.odds(id, oneXTwo(2_000));
      await writer.state(id, playing(20));
      await book.caughtUp();
      return id;
    };
    const pick = (matchId: string, isLive = true): LiveSelection => ({ id: `${matchId}:1`, matchId, marketId: 'FT_1X2', special: '', outcomeId: '1', isLive });
    const hold = (selections: LiveSelection[]) => {
      const held = holdLiveSelections(book, selections);
      if (held === null || isDomainError(held)) throw new Error('expected a hold');
      return held as LiveHold;
    };

    it('holds a live football coupon 5 s and accepts it when nothing moved', async () => {
      const id = await liveMatch();
      const held = hold([pick(id)]);
      expect(held.delayMs).toBe(5_000);
      expect(acceptHeldSelections(book, held, [pick(id)])).toBeNull();
      expect(holdLiveSelections(book, [pick(id, false)])).toBeNull();
    });

    it('refuses when the price moved, a goal went in or the market was suspended during the wait', async () => {
      const moved = await liveMatch();
      const heldMoved = hold([pick(moved)]);
      await writer.odds(moved, oneXTwo(1_900));
      await book.caughtUp();
      expect(acceptHeldSelections(book, heldMoved, [pick(moved)])?.code).toBe('rateChanged');

      const goal = await liveMatch();
      const heldGoal = hold([pick(goal)]);
      await writer.state(goal, playing(21, 1, 0));
      await book.caughtUp();
      expect(acceptHeldSelections(book, heldGoal, [pick(goal)])?.code).toBe('rateChanged');

      const stopped = await liveMatch();
      const heldStopped = hold([pick(stopped)]);
      await writer.stop(stopped);
      await book.caughtUp();
      expect(acceptHeldSelections(book, heldStopped, [pick(stopped)])?.code).toBe('thereAreLockedMatches');
    });

    it('the book answers coupon placement: live phase and open quotes', async () => {
      const id = await liveMatch();
      expect(book.match(id)).toEqual({ phase: 'live', startsAt: fixture(id).startsAt });
      expect(book.quote(pick(id))).toEqual({ odds: 2_000, suspended: false, hidden: false, limits: null });
      expect(book.quote({ ...pick(id), outcomeId: '3' })).toBeUndefined();
    });
  });
}
