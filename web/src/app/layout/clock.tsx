import { useEffect, useState } from 'react';
import { formatClock } from '@/lib/format';

/** Spec §2 "clock HH:mm:ss refreshed each second". */
export function Clock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <time className="clock" data-testid="clock" dateTime={now.toISOString()}>
      {formatClock(now)}
    </time>
  );
}
