/**
 * The api process the crash test kills: the real app and the money reactors on PostgreSQL
 * (DATABASE_URL, DATABASE_SCHEMA), priced against the test's odds book. Prints `LISTENING <port>`.
 */
import { buildDemoApp as buildApp } from '@kupon/demo/testing';
import { fastTestHasher } from '@kupon/api/testing';
import { createPgPool, PostgresEventStore } from '@kupon/eventstore';
import { moneyReactors, ReactorRunner, StreamCommands } from '@kupon/commands';
import { TEST_BOOK } from './money-harness';

const pool = createPgPool({ connectionString: process.env.DATABASE_URL!, schema: process.env.DATABASE_SCHEMA!, max: 8 });
const store = new PostgresEventStore(pool);
const commands = new StreamCommands(store);
const reactors = new ReactorRunner({ store, pool, commands, reactors: moneyReactors(store) });
await reactors.start();
const app = buildApp({ store, pool, passwords: fastTestHasher, money: { commands, odds: TEST_BOOK, paymentSecret: 'crash-secret' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
process.stdout.write(`LISTENING ${typeof address === 'object' && address ? address.port : 0}\n`);
