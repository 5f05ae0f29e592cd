import { readFile } from 'node:fs/promises';
import { verifyExport } from './export-verifier';

/**
 * `npm run verify-export -- file.jsonl`: re-checks an event export (GET /api/v1/events/export)
 * offline, with no database: prints OK, or the first broken link, and exits 1 on a failure.
 */
const file = process.argv[2];
if (!file) {
  console.error('usage: npm run verify-export -- <export.jsonl>');
  process.exit(2);
}
const text = await readFile(file, 'utf8').catch((error: unknown) => {
  console.error(`cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
const verdict = verifyExport(text.split('\n'));
const notes = [
  `${verdict.events} events in ${verdict.streams} streams`,
  verdict.streamsStartingMidChain ? `${verdict.streamsStartingMidChain} streams start mid-chain (their first link is taken on trust)` : null,
  verdict.hashesNotRecomputable ? `${verdict.hashesNotRecomputable} hashes not recomputable (actor withheld; links checked)` : null,
].filter(Boolean);
if (verdict.ok) {
  console.log(`OK: ${notes.join('; ')}`);
} else {
  const f = verdict.firstFailure!;
  console.log(`BROKEN at line ${f.line}: ${f.reason}${f.streamName ? ` in ${f.streamName}@${f.streamRevision}` : ''}${f.eventId ? ` (event ${f.eventId})` : ''}; checked ${notes.join('; ')}`);
  process.exitCode = 1;
}
