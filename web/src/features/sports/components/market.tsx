import { isMarketCode, marketByCode, marketByOddsTypeId } from '@kupon/domain';
import { useTranslation } from 'react-i18next';
import { OddsButton } from '@/components/odds-button';
import { outcomeLocked, type MatchSummary, type Odd, type OddsGroup } from '../types';
import './market.css';

/** One market (odds group) of a match: its outcomes as odds buttons. */
export function Market({ match, group, showTitle = true }: { match: MatchSummary; group: OddsGroup; showTitle?: boolean }) {
  return (
    <div className="market" data-testid="market">
      {showTitle && (
        <h4 className="market__title">
          {group.typeName}
          {group.special ? ` (${group.special})` : ''}
        </h4>
      )}
      <div className="market__odds">
        {group.odds.map((odd) => (
          <MarketOdd key={odd.outcomeId} match={match} group={group} odd={odd} label={odd.outcome} />
        ))}
      </div>
    </div>
  );
}

function MarketOdd({ match, group, odd, label }: { match: MatchSummary; group: OddsGroup; odd: Odd; label: string }) {
  return (
    <OddsButton
      matchId={match.id}
      marketId={group.oddsId}
      special={group.special}
      outcomeId={odd.outcomeId}
      odds={odd.odd}
      isLive={Boolean(match.isLive)}
      locked={outcomeLocked(match, group, odd)}
      label={label}
      limits={odd.limits ?? null}
      detail={{
        sportId: match.sportId,
        home: match.homeTeam,
        away: match.awayTeam,
        matchDate: match.matchDate,
        marketName: group.typeName + (group.special ? ` (${group.special})` : ''),
        outcomeName: odd.outcome,
      }}
    />
  );
}

/**
 * Spec §9 "Odd types 56, 52, 226, 8, 383 share one layout": the line markets — total over/under (56),
 * Asian handicap (52), European handicap (8), basketball point spread (226) and total points (383).
 * Each line of them is an odds group of its own (one special); they show together as one table.
 */
export const LINE_ODDS_TYPES: ReadonlySet<number> = new Set([56, 52, 226, 8, 383]);

/** The feed's odds type of a group: its own, else the one of its market code. */
function oddsTypeOf(group: OddsGroup): number | undefined {
  return group.oddsTypeId ?? (isMarketCode(group.oddsId) ? marketByCode(group.oddsId).oddsTypeId : undefined);
}

export type MarketBlock = { readonly kind: 'market'; readonly group: OddsGroup } | { readonly kind: 'lines'; readonly oddsTypeId: number; readonly groups: readonly OddsGroup[] };

/**
 * A match's markets in their order, the lines of one line market gathered into one block where its
 * first line stood, sorted by line when every line is a number (as the feed's "2.5", "-0.75").
 */
export function marketBlocks(groups: readonly OddsGroup[]): MarketBlock[] {
  const blocks: MarketBlock[] = [];
  const lines = new Map<string, OddsGroup[]>();
  for (const group of groups) {
    const type = oddsTypeOf(group);
    if (type === undefined || !LINE_ODDS_TYPES.has(type)) {
      blocks.push({ kind: 'market', group });
      continue;
    }
    const key = `${type}:${group.oddsId}`;
    const known = lines.get(key);
    if (known) known.push(group);
    else {
      const list = [group];
      lines.set(key, list);
      blocks.push({ kind: 'lines', oddsTypeId: type, groups: list });
    }
  }
  return blocks.map((block) => (block.kind === 'lines' ? { ...block, groups: byLine(block.groups) } : block));
}

function byLine(groups: readonly OddsGroup[]): OddsGroup[] {
  const lines = groups.map((group) => ({ group, line: group.special.trim() === '' ? Number.NaN : Number(group.special) }));
  if (lines.some(({ line }) => !Number.isFinite(line))) return [...groups];
  return lines.sort((a, b) => a.line - b.line).map(({ group }) => group);
}

/** The away side's handicap: the home line with the other sign ("-1.25" → "+1.25", "0" stays). */
export function oppositeLine(line: string): string {
  const text = line.trim();
  if (/^[+-]?0+(\.0+)?$/.test(text)) return text.replace(/^[+-]/, '');
  if (text.startsWith('-')) return `+${text.slice(1)}`;
  return `-${text.replace(/^\+/, '')}`;
}

/** The line column's heading, by what the market's special carries. */
type LineKind = 'total' | 'handicap' | 'european';

function lineKindOf(oddsTypeId: number): LineKind {
  const special = marketByOddsTypeId(oddsTypeId)?.special;
  return special === 'handicap' || special === 'european' ? special : 'total';
}

/**
 * The shared line layout: one row per line, the line in the first column and the market's sides
 * (over and under, home and away, or home, draw and away) as columns. In an Asian handicap or a point
 * spread each side's button shows its own line: the home side (outcome 1) the line, the away side
 * (outcome 2) its opposite.
 */
export function LineMarket({ match, oddsTypeId, groups, showTitle = true }: { match: MatchSummary; oddsTypeId: number; groups: readonly OddsGroup[]; showTitle?: boolean }) {
  const { t } = useTranslation('sports');
  const kind = lineKindOf(oddsTypeId);
  // The sides, in the order the first line that has them lists them.
  const sides: { outcomeId: string; outcome: string }[] = [];
  for (const group of groups) for (const odd of group.odds) if (!sides.some((s) => s.outcomeId === odd.outcomeId)) sides.push({ outcomeId: odd.outcomeId, outcome: odd.outcome });
  const first = groups[0];
  if (!first) return null;
  return (
    <div className="market market--lines" data-testid="market" data-odds-type={oddsTypeId}>
      {showTitle && <h4 className="market__title">{first.typeName}</h4>}
      <table className="line-market">
        <thead>
          <tr>
            <th scope="col">{t(`lineColumn.${kind}`)}</th>
            {sides.map((side) => (
              <th key={side.outcomeId} scope="col">
                {side.outcome}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {groups.map((group) => (
            <tr key={group.special} data-testid="line-row">
              <th scope="row">{group.special}</th>
              {sides.map((side) => {
                const odd = group.odds.find((o) => o.outcomeId === side.outcomeId);
                const label = kind === 'handicap' ? (side.outcomeId === '2' ? oppositeLine(group.special) : group.special) : side.outcome;
                return <td key={side.outcomeId}>{odd && <MarketOdd match={match} group={group} odd={odd} label={label} />}</td>;
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** All the markets of a match, the line markets in the shared line layout. */
export function Markets({ match, groups }: { match: MatchSummary; groups: readonly OddsGroup[] }) {
  return marketBlocks(groups).map((block) =>
    block.kind === 'market' ? (
      <Market key={`${block.group.oddsId}:${block.group.special}`} match={match} group={block.group} />
    ) : (
      <LineMarket key={`lines:${block.oddsTypeId}:${block.groups[0]?.oddsId ?? ''}`} match={match} oddsTypeId={block.oddsTypeId} groups={block.groups} />
    ),
  );
}
