import { setTimeout as sleep } from 'node:timers/promises';
import type { FeedMessage, FeedSource } from '@kupon/api/feed';
import { FeedSimulator, type SimulatorOptions } from './simulator/simulator';

export interface SimulatedFeedOptions extends Omit<SimulatorOptions, 'start'> {
  /** Simulated milliseconds per real millisecond (1: real time). */
  readonly speed?: number;
  /** Real milliseconds between clock ticks. */
  readonly tickMs?: number;
  /** The real clock; the simulated one starts at its first reading. */
  readonly clock?: () => number;
}

/** The simulator as a live source: its clock follows the real one, `speed` times faster. */
export class SimulatedFeed implements FeedSource {
  readonly name = 'simulator';
  private closed = false;
  readonly simulator: FeedSimulator;
  private readonly clock: () => number;
  private readonly realStart: number;

  constructor(private readonly options: SimulatedFeedOptions) {
    this.clock = options.clock ?? Date.now;
    this.realStart = this.clock();
    this.simulator = new FeedSimulator({ ...options, start: this.realStart });
  }

  async *messages(): AsyncIterable<FeedMessage> {
    const speed = this.options.speed ?? 1;
    const tickMs = this.options.tickMs ?? 100;
    while (!this.closed) {
      const simulatedNow = this.realStart + Math.floor((this.clock() - this.realStart) * speed);
      for (const message of this.simulator.advanceTo(simulatedNow)) {
        if (this.closed) return;
        yield message;
      }
      await sleep(tickMs);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
