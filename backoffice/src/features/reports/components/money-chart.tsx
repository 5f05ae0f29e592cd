import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatMoney } from '@/lib/format';

export interface Series {
  readonly key: string;
  readonly label: string;
  /** A CSS colour variable, so the chart follows the theme. */
  readonly colour: string;
}

interface ChartProps<T> {
  readonly rows: readonly T[];
  readonly category: string;
  readonly series: readonly Series[];
  readonly kind: 'line' | 'bar';
  readonly testId: string;
  readonly categoryLabel?: (value: string) => string;
}

/** Amounts stay integer minor units all the way: the axis and the tooltip format them (§9), nothing divides. */
export function MoneyChart<T extends object>({ rows, category, series, kind, testId, categoryLabel }: ChartProps<T>) {
  const money = (value: unknown) => formatMoney(Number(value));
  const axis = (
    <>
      <CartesianGrid strokeDasharray="3 3" stroke="var(--color-border)" />
      <XAxis dataKey={category} tickFormatter={categoryLabel ? (v) => categoryLabel(String(v)) : undefined} />
      <YAxis tickFormatter={money} width={90} />
      <Tooltip formatter={money} labelFormatter={categoryLabel ? (v) => categoryLabel(String(v)) : undefined} />
      <Legend />
    </>
  );
  return (
    <div className="chart" data-testid={testId}>
      <ResponsiveContainer width="100%" height={280}>
        {kind === 'line' ? (
          <LineChart data={rows as T[]}>
            {axis}
            {series.map((s) => (
              <Line key={s.key} type="monotone" dataKey={s.key} name={s.label} stroke={s.colour} dot={false} isAnimationActive={false} />
            ))}
          </LineChart>
        ) : (
          <BarChart data={rows as T[]}>
            {axis}
            {series.map((s) => (
              <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.colour} isAnimationActive={false} />
            ))}
          </BarChart>
        )}
      </ResponsiveContainer>
    </div>
  );
}
