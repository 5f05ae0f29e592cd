import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FeedMessage, FeedSource } from './messages';

export interface FileFeedOptions {
  readonly path: string;
  /** 0: as fast as it reads; otherwise replay at the recorded pace, `speed` times faster. */
  readonly speed?: number;
}

/** Replays a recorded feed: one JSON FeedMessage per line. Blank lines are skipped; a bad line stops the replay with its line number. */
export class FileFeed implements FeedSource {
  readonly name: string;
  private closed = false;

  constructor(private readonly options: FileFeedOptions) {
    this.name = `file:${options.path}`;
  }

  async *messages(): AsyncIterable<FeedMessage> {
    const lines = createInterface({ input: createReadStream(this.options.path, 'utf8'), crlfDelay: Infinity });
    const speed = this.options.speed ?? 0;
    let previousAt: number | undefined;
    let lineNumber = 0;
    for await (const line of lines) {
      lineNumber++;
      if (this.closed) break;
      if (line.trim() === '') continue;
      let message: FeedMessage;
      try {
        message = JSON.parse(line) as FeedMessage;
      } catch {
        throw new Error(`${this.options.path}:${lineNumber}: not JSON`);
      }
      if (typeof message.id !== 'string' || typeof message.kind !== 'string' || typeof message.at !== 'string') {
        throw new Error(`${this.options.path}:${lineNumber}: not a feed message`);
      }
      const at = Date.parse(message.at);
      if (speed > 0 && previousAt !== undefined && at > previousAt) await sleep((at - previousAt) / speed);
      previousAt = at;
      yield message;
    }
    lines.close();
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

/** Writes messages as JSON lines (what FileFeed reads). */
export function toJsonLines(messages: readonly FeedMessage[]): string {
  return messages.map((m) => JSON.stringify(m)).join('\n') + '\n';
}
