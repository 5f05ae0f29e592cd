/**
 * bench/loopback: what this machine's loopback can carry at all, with no WebSocket, no hub and no
 * database: one process writes a 100-byte message to each of N TCP sockets in turn, as fast as its one
 * thread can, and a second process (the clients, as in bench/live) reads them and counts. It prints
 * messages written and read per second and the time one socket write takes, which bounds how many
 * frames per second a single-threaded fan-out (bench/live's hub) can send on this machine, whatever
 * the code around the write does.
 *
 *   npm run loopback -w @kupon/bench            (LOOPBACK_CLIENTS, default 5000; LOOPBACK_SECONDS, default 5)
 */
import { spawn } from 'node:child_process';
import { createConnection, createServer, type Socket } from 'node:net';
import { cpus } from 'node:os';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { log, now, writeResult } from './eventstore/common';

const MESSAGE = 100;

if (process.argv[2] === 'clients') {
  // The reading side: N sockets, bytes counted as they arrive.
  const [, , , portText, countText] = process.argv;
  let bytes = 0;
  let open = 0;
  let cpu = process.cpuUsage();
  const sockets: Socket[] = [];
  for (let i = 0; i < Number(countText); i++) {
    const socket = createConnection({ port: Number(portText), host: '127.0.0.1' });
    socket.setNoDelay(true);
    socket.on('connect', () => ++open === Number(countText) && process.stdout.write('ready\n'));
    socket.on('data', (chunk) => (bytes += chunk.length));
    sockets.push(socket);
    if (i % 500 === 499) await new Promise((resolve) => setTimeout(resolve, 10));
  }
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'start') {
      bytes = 0;
      cpu = process.cpuUsage();
    }
    if (line === 'report') {
      const used = process.cpuUsage(cpu);
      process.stdout.write(`${JSON.stringify({ bytes, cpuMs: (used.user + used.system) / 1000 })}\n`);
      for (const socket of sockets) socket.destroy();
      process.exit(0);
    }
  }
} else {
  const CLIENTS = Number(process.env.LOOPBACK_CLIENTS ?? 5_000);
  const SECONDS = Number(process.env.LOOPBACK_SECONDS ?? 5);
  const accepted: Socket[] = [];
  const server = createServer((socket) => {
    socket.setNoDelay(true);
    accepted.push(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'clients', String(port), String(CLIENTS)], { stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  await lines.next();
  while (accepted.length < CLIENTS) await new Promise((resolve) => setTimeout(resolve, 10));
  log(`${CLIENTS} sockets open; writing ${MESSAGE}-byte messages round-robin for ${SECONDS} s`);
  child.stdin!.write('start\n');
  const message = Buffer.alloc(MESSAGE, 7);
  const started = now();
  const cpu = process.cpuUsage();
  let written = 0;
  // One round writes once to every socket that has nothing queued (as the hub does), then yields.
  while (now() - started < SECONDS * 1000) {
    for (const socket of accepted) {
      if (socket.writableLength > 64 * 1024) continue;
      socket.write(message);
      written++;
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  const elapsed = (now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  const writerCpuMs = (used.user + used.system) / 1000;
  await new Promise((resolve) => setTimeout(resolve, 500));
  child.stdin!.write('report\n');
  const { bytes, cpuMs: readerCpuMs } = JSON.parse((await lines.next()).value as string) as { bytes: number; cpuMs: number };
  const read = bytes / MESSAGE;
  await new Promise((resolve) => child.once('exit', resolve));
  for (const socket of accepted) socket.destroy();
  server.close();
  const table = [
    '| sockets | messages written/s | messages read/s | writer CPU per message | reader CPU per message | CPU for 100,000 messages/s | cores |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    `| ${CLIENTS.toLocaleString('en')} | ${Math.round(written / elapsed).toLocaleString('en')} | ${Math.round(read / elapsed).toLocaleString('en')} | ${((writerCpuMs * 1000) / written).toFixed(1)} µs | ${((readerCpuMs * 1000) / read).toFixed(1)} µs | ${((100_000 * (writerCpuMs / written + readerCpuMs / read)) / 1000).toFixed(2)} cores | ${cpus().length} |`,
  ].join('\n');
  const note = `${MESSAGE}-byte messages on plain TCP over loopback (no WebSocket framing, no hub, no database), one writing thread, the readers in a second process, as bench/live places its clients. CPU is each process's user + system time over the run (process.cpuUsage), divided by the messages it handled. bench/live at 5,000 clients on 100 matches at 2,000 odds changes/s needs ~100,000 frames/s written and read.`;
  writeResult('loopback', [table, note]);
}
