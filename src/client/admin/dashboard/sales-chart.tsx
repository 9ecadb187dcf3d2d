/**
 * The 30-day sales chart: one bar per day (revenue of paid orders, paise from the server), drawn as plain
 * SVG — no chart library. The SVG holds only the bars and their base line and stretches to the card's width
 * (its strokes keep their width); the labels under it, the first day and 'today', are HTML in the page's own
 * text size (inherited, never scaled with the drawing). Each bar has a title for touch and screen readers;
 * today is the last bar. Without a sale in the 30 days it says so instead of drawing empty bars.
 */
import type { Dashboard } from '@shared/admin/dashboard-schemas';
import { formatPaise } from '../lib/format';

/** What the chart's card says when no day of the 30 had a sale. */
export const NO_SALES_TEXT = 'No sales in the last 30 days';

/** The drawing's own units: 10 across per day for 30 days, 100 up for the best day's revenue. */
const WIDTH = 300;
const HEIGHT = 100;

/** `2026-05-01` (a day in India) → `1 May`. */
const dayLabel = (day: string) =>
  new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );

export function SalesChart({ days }: { days: Dashboard['daily'] }) {
  if (days.every((day) => day.revenuePaise === 0)) {
    return <p className="text-sm text-stone-500">{NO_SALES_TEXT}</p>;
  }
  const most = Math.max(1, ...days.map((day) => day.revenuePaise));
  const slot = WIDTH / Math.max(1, days.length);
  return (
    <div className="flex flex-col gap-1">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Daily sales for ${days.length} days`}
        className="h-24 w-full overflow-visible"
      >
        {days.map((day, index) => {
          const height = Math.round((day.revenuePaise / most) * (HEIGHT - 4));
          return (
            <rect
              key={day.day}
              x={index * slot + 1}
              y={HEIGHT - height}
              width={Math.max(1, slot - 2)}
              height={height}
              className="fill-brand-600"
            >
              <title>{`${day.day}: ${formatPaise(day.revenuePaise)}, ${day.orders} orders`}</title>
            </rect>
          );
        })}
        <line
          x1="0"
          y1={HEIGHT}
          x2={WIDTH}
          y2={HEIGHT}
          stroke="#d6d3d1"
          strokeWidth="1"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <div data-testid="sales-chart-axis" className="flex justify-between text-stone-500">
        <span>{days[0] ? dayLabel(days[0].day) : ''}</span>
        <span>today</span>
      </div>
    </div>
  );
}
