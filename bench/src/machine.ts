/**
 * A yardstick measured at the start of a bench and printed beside its figures. The same code on two
 * machines of the same kind (2-core AMD EPYC VMs) has run 2–2.5× apart, so a figure means little
 * without one: this gives the database's plain commit rate and one Node thread's speed at our own
 * per-event work, measured the same way everywhere.
 */
import { chainHash, GENESIS_HASH, hashTail } from '@kupon/eventstore';
import { loadavg } from 'node:os';
import { log, now, schemaName, walletEvent } from './eventstore/common';
import { rawInsert } from './eventstore/raw';

export interface MachineFigures {
  /** Single-row autocommit INSERTs per second from 8 connections (bench/eventstore's raw baseline). */
  readonly rawInsert8: number;
  /** Wallet-sized events made and chain-hashed (canonical JSON + sha-256) per second on one thread. */
  readonly hashesPerSec: number;
  readonly loadAverage: number;
}

export async function measureMachine(databaseUrl: string): Promise<MachineFigures> {
  log('measuring the machine (raw INSERT at 8 connections, 2 s; hashing on one thread, 1 s)');
  const raw = await rawInsert(databaseUrl, schemaName('machine'), { writers: 8, warmupMs: 500, measureMs: 2_000 }, 'distinct', 'machine');
  let hashes = 0;
  let prev = GENESIS_HASH;
  const started = now();
  while (now() - started < 1_000) {
    for (let i = 0; i < 100; i++) prev = chainHash(prev, hashTail(walletEvent(0)));
    hashes += 100;
  }
  return { rawInsert8: raw.eventsPerSec, hashesPerSec: hashes / ((now() - started) / 1000), loadAverage: loadavg()[0]! };
}

export function machineLine(machine: MachineFigures): string {
  return `Machine yardstick at the start: raw single-row INSERT ${Math.round(machine.rawInsert8).toLocaleString('en')}/s from 8 connections; ${Math.round(machine.hashesPerSec).toLocaleString('en')} events chain-hashed/s on one thread; 1-minute load average ${machine.loadAverage.toFixed(1)}.`;
}
