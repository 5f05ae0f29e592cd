import { allCommittedVisible } from '@kupon/eventstore';
import { testBackends, type TestStorage } from '@kupon/projections/testing';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FeedMessage, FeedIngestor, FileFeed, toJsonLines } from '@kupon/api/feed';
import { FeedSimulator } from './simulator/simulator';

const START = Date.parse('2026-11-22T12:00:00.000Z');
const FEW = { 1: 4, 2: 0, 3: 0, 4: 0, 5: 2, 6: 0, 23: 0, 109: 0, 110: 0, 111: 0 } as const;

function recorded(hours: number): FeedMessage[] {
  const simulator = new FeedSimulator({ seed: 5, start: START, days: 1, fixturesPerDay: FEW, prematchMoveMs: 6 * 3_600_000 });
  return simulator.advanceTo(START + hours * 3_600_000);
}

async function countEvents(storage: TestStorage): Promise<number> {
  await allCommittedVisible(storage.store);
  let count = 0;
  let from;
  for (;;) {
    const page = await storage.store.readAll({ ...(from ? { fromPosition: from } : {}), maxCount: 1000, filter: { streamCategories: ['match'] } });
    count += page.length;
    if (page.length < 1000) return count;
    from = page.at(-1)!.position;
  }
}

for (const backend of testBackends) {
  describe(`feed ingestor on ${backend.name}`, () => {
    let storage: TestStorage;
    beforeEach(async () => {
      storage = await backend.open();
    });
    afterEach(async () => {
      await storage.close();
    });

    it('replays a recorded JSON-lines feed into match streams; replaying it again changes nothing', async () => {
      const messages = recorded(6);
      const path = join(mkdtempSync(join(tmpdir(), 'kupon-feed-')), 'feed.jsonl');
      writeFileSync(path, toJsonLines(messages));
      const refused: string[] = [];
      const ingestor = new FeedIngestor(storage.store, { onRefused: (m, error) => refused.push(`${m.id}: ${error}`) });
      await ingestor.run(new FileFeed({ path }));
      expect(refused).toEqual([]);
      expect(ingestor.stats.messages).toBe(messages.length);
      const stored = await countEvents(storage);
      expect(stored).toBe(ingestor.stats.events);
      const settled = messages.filter((m) => m.kind === 'bet_settlement');
      expect(settled.length).toBeGreaterThan(0);
      const stream = await storage.store.readStream(`match-${settled[0]!.matchId}`);
      expect(stream.map((e) => e.type)).toContain('ResultRecorded');

      await new FeedIngestor(storage.store).run(new FileFeed({ path }));
      expect(await countEvents(storage)).toBe(stored);
    });

    it('stops a replay at a line that is not a feed message, naming the line', async () => {
      const path = join(mkdtempSync(join(tmpdir(), 'kupon-feed-')), 'bad.jsonl');
      writeFileSync(path, `${JSON.stringify(recorded(0)[0])}\n{"hello":1}\n`);
      await expect(new FeedIngestor(storage.store).run(new FileFeed({ path }))).rejects.toThrow(':2: not a feed message');
    });
  });
}
