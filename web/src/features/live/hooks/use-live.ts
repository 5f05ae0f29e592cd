import { useEffect } from 'react';
import { liveSocket } from '../live-connection';
import type { Topic } from '../live-socket';

/** Subscribes the page to a sport's or a match's live frames while it is shown. */
export function useLiveSubscription(topic: Topic | null): void {
  const key = topic ? JSON.stringify(topic) : '';
  useEffect(() => {
    if (!key) return;
    return liveSocket.subscribe(JSON.parse(key) as Topic);
  }, [key]);
}
