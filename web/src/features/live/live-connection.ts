import type { LiveFrame } from './frames';
import { LiveSocket, type LiveSocketEvents } from './live-socket';

function liveUrl(): string {
  const { protocol, host } = globalThis.location ?? { protocol: 'http:', host: '127.0.0.1' };
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/live`;
}

let handlers: LiveSocketEvents = { onFrame: () => undefined, onResync: () => undefined };

/** The one live socket of the page. */
export const liveSocket = new LiveSocket(liveUrl(), {
  onFrame: (frame: LiveFrame) => handlers.onFrame(frame),
  onResync: () => handlers.onResync(),
  onStatus: (status) => handlers.onStatus?.(status),
});

export function setLiveHandlers(next: LiveSocketEvents): void {
  handlers = next;
}
