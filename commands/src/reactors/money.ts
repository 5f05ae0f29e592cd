import { couponStream, errorKey, type PlacedCoupon, type TransferRequest, transferStream, walletDecider, type WalletCommand, walletStream } from '@kupon/domain';
import type { EventStore } from '@kupon/eventstore';
import type { ReactorOutcome } from './reactor-runner';
import { type Cause, metaFromCause } from '../runner/meta';
import { type Outcome, type StreamCommands } from '../runner/stream-commands';

/** Helpers the money reactors share: issuing a wallet command caused by an event, finding whose coupon or transfer it is. */
export async function walletCommand(reactor: string, commands: StreamCommands, accountId: string, cause: Cause, command: WalletCommand): Promise<ReactorOutcome> {
  return outcomeOf(await commands.run(walletStream(accountId), walletDecider, command, metaFromCause(reactor, cause)));
}

export function outcomeOf(outcome: Outcome<unknown>): ReactorOutcome {
  return outcome.ok ? { ok: true } : { ok: false, error: errorKey(outcome.error) };
}

const LIMIT = 50_000;

/** The first event of a coupon or transfer stream says whose it is; it never changes, so it is cached. */
export class StreamOrigins {
  private readonly coupons = new Map<string, PlacedCoupon>();
  private readonly transfers = new Map<string, TransferRequest>();

  constructor(private readonly store: EventStore) {}

  async coupon(couponId: string): Promise<PlacedCoupon | null> {
    return this.first(this.coupons, couponStream(couponId), couponId);
  }

  async transfer(transferId: string): Promise<TransferRequest | null> {
    return this.first(this.transfers, transferStream(transferId), transferId);
  }

  private async first<T>(cache: Map<string, T>, stream: string, key: string): Promise<T | null> {
    const cached = cache.get(key);
    if (cached) return cached;
    const [first] = await this.store.readStream(stream, { maxCount: 1 });
    if (!first) return null;
    const value = first.data as unknown as T;
    cache.set(key, value);
    if (cache.size > LIMIT) cache.delete(cache.keys().next().value!);
    return value;
  }
}
