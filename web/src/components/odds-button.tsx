import type { OutcomeLimits } from '@kupon/domain';
import { useEffect, useRef, useState } from 'react';
import { useSiteDisplay } from '@/features/site/display';
import { type SelectionDetail, useBetslipStore } from '@/stores/betslip-store';
import { Icon } from './icon';

export interface OddsButtonProps {
  readonly matchId: string;
  readonly marketId: string;
  readonly special: string;
  readonly outcomeId: string;
  readonly odds: number;
  readonly isLive: boolean;
  /** Suspended or inactive (§4 `iss`, bet status stopped, outcome active 0): shown locked. */
  readonly locked: boolean;
  readonly label: string;
  readonly detail: SelectionDetail;
  readonly limits?: OutcomeLimits | null;
}

/** The unique id of an outcome on a slip (betslip item `o.uniq`). */
export function selectionIdOf(matchId: string, marketId: string, special: string, outcomeId: string): string {
  return [matchId, marketId, special, outcomeId].join(':');
}

/** An odd: a click adds the pick to the slip (or removes it); a price change flashes up or down. */
export function OddsButton(props: OddsButtonProps) {
  const id = selectionIdOf(props.matchId, props.marketId, props.special, props.outcomeId);
  const picked = useBetslipStore((s) => s.slip.selections.some((x) => x.id === id));
  const toggle = useBetslipStore((s) => s.toggle);
  const display = useSiteDisplay();
  const previous = useRef(props.odds);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);

  useEffect(() => {
    if (props.odds === previous.current) return;
    setFlash(props.odds > previous.current ? 'up' : 'down');
    previous.current = props.odds;
    const timer = setTimeout(() => setFlash(null), 1500);
    return () => clearTimeout(timer);
  }, [props.odds]);

  const className = ['odds', picked && 'odds--picked', flash && `odds--${flash}`, props.locked && 'odds--locked'].filter(Boolean).join(' ');
  return (
    <button
      type="button"
      className={className}
      disabled={props.locked}
      aria-pressed={picked}
      data-testid={`odd-${id}`}
      data-flash={flash ?? undefined}
      onClick={() =>
        toggle(
          {
            id,
            matchId: props.matchId,
            marketId: props.marketId,
            special: props.special,
            outcomeId: props.outcomeId,
            odds: props.odds,
            banker: false,
            isLive: props.isLive,
            limits: props.limits ?? null,
          },
          props.detail,
        )
      }
    >
      <span className="odds__label">{props.label}</span>
      <span className="odds__value">{props.locked ? <Icon name="lock" size={14} /> : display.odds(props.odds)}</span>
    </button>
  );
}
