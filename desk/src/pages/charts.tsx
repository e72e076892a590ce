/**
 * The dashboard's charts (recharts): loaded after the dashboard itself, so its numbers
 * show first. The dashboard puts each in a figure of fixed height with a caption that
 * says what it counts; the same numbers are in a table beside it, which is what a
 * screen reader reads.
 */
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Distinguishable on white and to most colour-blind eyes (antd's 6th and 7th shades). */
const palette = ['#0958d9', '#d46b08', '#389e0d', '#722ed1', '#08979c', '#c41d7f', '#595959'];

type Series = { key: string; label: string };

export function DailyPlot({
  days,
  series,
}: {
  /** One row per day (YYYY-MM-DD), with a count per series key. */
  days: Record<string, string | number>[];
  series: Series[];
}) {
  return (
    <ResponsiveContainer>
      <BarChart data={days} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" vertical={false} />
        <XAxis dataKey="day" tickFormatter={(day: string) => day.slice(5)} minTickGap={16} />
        <YAxis allowDecimals={false} width={32} />
        <Tooltip />
        <Legend />
        {series.map((item, index) => (
          <Bar
            key={item.key}
            dataKey={item.key}
            name={item.label}
            stackId="day"
            fill={palette[index % palette.length]}
          />
        ))}
      </BarChart>
    </ResponsiveContainer>
  );
}

export function FunnelPlot({ rows }: { rows: { label: string; count: number }[] }) {
  return (
    <ResponsiveContainer>
      <BarChart
        data={rows}
        layout="vertical"
        margin={{ top: 8, right: 24, bottom: 8, left: 8 }}
        accessibilityLayer={false}
      >
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} />
        <YAxis type="category" dataKey="label" width={110} />
        <Tooltip />
        <Bar dataKey="count" name="Enquiries" fill={palette[0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
