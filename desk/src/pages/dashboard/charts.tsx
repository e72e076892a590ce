/**
 * The dashboard's two plots, drawn with plain elements and CSS (desk.css): the
 * enquiries of each day as a column of stacked segments, one colour per series, and the
 * status funnel as horizontal bars with their counts beside them. Each day and segment
 * has a native tooltip. They hold no words of their own (labels and the day's tooltip
 * come from the dashboard); the dashboard hides them from screen readers and puts the
 * same numbers in tables beside them.
 */
import { theme } from 'antd';
import { useCallback, useState } from 'react';
import { dayLabel, dayWithWeekday } from '../../lib/format';

/** Distinguishable on white and to most colour-blind eyes (antd's 6th and 7th shades). */
const palette = ['#0958d9', '#d46b08', '#389e0d', '#722ed1', '#08979c', '#c41d7f', '#595959'];
const colourOf = (index: number) => palette[index % palette.length];

export type Series = { key: string; label: string };
/** One day (YYYY-MM-DD) of the period, with its count per series key (missing: none). */
export type DayCounts = { day: string; counts: Record<string, number> };

/** The plot area's height in px; the day labels and the legend come on top of it. */
const PLOT_HEIGHT = 200;
/** Room one day label needs (px): labels are thinned to every 2nd, 3rd day, every week… until each has it. */
const LABEL_ROOM = 56;
const LABEL_STEPS = [1, 2, 3, 7, 14, 28];

type DailyPlotProps = {
  days: DayCounts[];
  /** Stacked from the bottom in this order, and named in the legend in it. */
  series: Series[];
  /** A day's tooltip (over the whole column), given the day and its total. */
  dayTitle: (day: string, total: number) => string;
};

export function DailyPlot({ days, series, dayTitle }: DailyPlotProps) {
  const { token } = theme.useToken();
  const [width, setWidth] = useState(0);
  const measure = useCallback((node: HTMLDivElement | null) => {
    if (!node) return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry?.contentRect.width ?? 0));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  const totals = days.map((day) => series.reduce((sum, { key }) => sum + (day.counts[key] ?? 0), 0));
  const { top, ticks } = scale(Math.max(0, ...totals));
  const columnWidth = width / Math.max(1, days.length);
  const step = LABEL_STEPS.find((candidate) => candidate * columnWidth >= LABEL_ROOM) ?? LABEL_STEPS.at(-1) ?? 1;
  const percent = (count: number) => `${(count / top) * 100}%`;
  const secondary = { color: token.colorTextSecondary };

  return (
    <div className="desk-daily">
      <ul className="desk-legend">
        {series.map((item, index) => (
          <li key={item.key}>
            <span className="desk-swatch" style={{ background: colourOf(index) }} />
            {item.label}
          </li>
        ))}
      </ul>
      <div className="desk-daily-plot">
        <div
          className="desk-daily-scale"
          style={{ height: PLOT_HEIGHT, width: `${String(top).length + 1}ch`, ...secondary }}
        >
          {ticks.map((tick) => (
            <span key={tick} style={{ bottom: percent(tick) }}>
              {tick}
            </span>
          ))}
        </div>
        <div
          ref={measure}
          className="desk-daily-columns"
          style={{ height: PLOT_HEIGHT, borderBottom: `1px solid ${token.colorBorder}` }}
        >
          {ticks.slice(1).map((tick) => (
            <span
              key={tick}
              className="desk-daily-grid"
              style={{ bottom: percent(tick), borderTop: `1px dashed ${token.colorBorderSecondary}` }}
            />
          ))}
          {days.map((day, index) => (
            <div key={day.day} className="desk-daily-day" title={dayTitle(day.day, totals[index] ?? 0)}>
              <div className="desk-daily-stack">
                {series.map((item, seriesIndex) => {
                  const count = day.counts[item.key] ?? 0;
                  return count ? (
                    <div
                      key={item.key}
                      title={`${dayWithWeekday(day.day)} · ${item.label}: ${count}`}
                      style={{ height: percent(count), background: colourOf(seriesIndex) }}
                    />
                  ) : null;
                })}
              </div>
            </div>
          ))}
        </div>
        <div className="desk-daily-labels" style={secondary}>
          {days.map((day, index) => (
            <div key={day.day}>
              {/* Counted back from the last day, so today is always named; it ends at the plot's edge. */}
              {(days.length - 1 - index) % step === 0 && (
                <span className={index === days.length - 1 ? 'desk-daily-last' : undefined}>{dayLabel(day.day)}</span>
              )}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The axis' top (a round number at or above the highest count, at least 1) and its ticks (at most five). */
function scale(max: number): { top: number; ticks: number[] } {
  const steps = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 2500, 5000];
  const step = steps.find((candidate) => max / candidate <= 4) ?? Math.ceil(max / 4);
  const top = Math.max(step, Math.ceil(max / step) * step);
  return { top, ticks: Array.from({ length: top / step + 1 }, (_, index) => index * step) };
}

/** Horizontal bars, longest for the highest count, each with its count written after it. */
export function FunnelPlot({ rows }: { rows: { label: string; count: number }[] }) {
  const max = Math.max(0, ...rows.map((row) => row.count));
  return (
    <div className="desk-funnel">
      {rows.map((row) => (
        <div key={row.label} className="desk-funnel-row" title={`${row.label}: ${row.count}`}>
          <span className="desk-funnel-label">{row.label}</span>
          <span className="desk-funnel-track">
            <span
              className="desk-funnel-bar"
              style={{
                // The count after the bar keeps its room (6ch) even beside the longest bar.
                width: `calc((100% - 6ch) * ${max ? row.count / max : 0})`,
                minWidth: row.count ? 2 : 0,
                background: palette[0],
              }}
            />
            <span>{row.count}</span>
          </span>
        </div>
      ))}
    </div>
  );
}
