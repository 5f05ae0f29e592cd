/**
 * The client side of bench/live, in a process of its own: N WebSocket clients on loopback, each
 * subscribed to one match, measuring feed-to-client latency (receive time − the event's time) and
 * bytes per update. Prints `ready` once every client holds its snapshot, then, on stdin `report`,
 * one JSON line of figures.
 */
import { unpack, pack } from 'msgpackr';
import { createInterface } from 'node:readline';
import { WebSocket } from 'ws';

const [url, countText, matchesText] = process.argv.slice(2);
const count = Number(countText);
const matches = Number(matchesText);
const latencies: number[] = [];
let bytes = 0;
let updates = 0;
let gaps = 0;
let snapshots = 0;
let measuring = false;

const sockets: WebSocket[] = [];
for (let i = 0; i < count; i++) {
  const socket = new WebSocket(url!);
  const matchId = `bench-${i % matches}`;
  let seq = -1;
  socket.on('open', () => socket.send(pack({ t: 'sub', match: matchId })));
  socket.on('message', (data: Buffer) => {
    const frame = unpack(data) as { t: string; seq: number; from: number; at: number };
    if (frame.t === 'snap') {
      seq = frame.seq;
      if (++snapshots === count) process.stdout.write('ready\n');
      return;
    }
    if (frame.t !== 'upd') return;
    if (frame.from !== seq + 1) gaps++;
    seq = frame.seq;
    if (!measuring) return;
    latencies.push(Date.now() - frame.at);
    bytes += data.length;
    updates++;
  });
  sockets.push(socket);
  if (i % 200 === 199) await new Promise((resolve) => setTimeout(resolve, 20));
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'start') {
    measuring = true;
    latencies.length = 0;
    bytes = 0;
    updates = 0;
  }
  if (line === 'report') {
    const sorted = Float64Array.from(latencies).sort();
    const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
    process.stdout.write(`${JSON.stringify({ updates, p50: at(50), p99: at(99), max: at(100), bytesPerUpdate: updates ? bytes / updates : NaN, gaps })}\n`);
    for (const socket of sockets) socket.close(1000);
    process.exit(0);
  }
}
