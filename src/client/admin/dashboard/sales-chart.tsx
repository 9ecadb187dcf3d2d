/**
 * The 30-day sales chart: one bar per day (revenue of paid orders, paise from the server), drawn as plain
 * SVG — no chart library. Each bar has a title for touch and screen readers; today is the last bar.
 */
import type { Dashboard } from '@shared/admin/dashboard-schemas';
import { formatPaise } from '../lib/format';

const WIDTH = 300;
const HEIGHT = 100;

export function SalesChart({ days }: { days: Dashboard['daily'] }) {
  const most = Math.max(1, ...days.map((day) => day.revenuePaise));
  const slot = WIDTH / Math.max(1, days.length);
  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT + 14}`}
      role="img"
      aria-label={`Daily sales for ${days.length} days`}
      className="h-auto w-full"
    >
      <line x1="0" y1={HEIGHT} x2={WIDTH} y2={HEIGHT} stroke="#d6d3d1" strokeWidth="0.5" />
      {days.map((day, index) => {
        const height = Math.round((day.revenuePaise / most) * (HEIGHT - 4));
        return (
          <rect
            key={day.day}
            x={index * slot + 1}
            y={HEIGHT - height}
            width={Math.max(1, slot - 2)}
            height={height}
            rx="1"
            className="fill-brand-600"
          >
            <title>{`${day.day}: ${formatPaise(day.revenuePaise)}, ${day.orders} orders`}</title>
          </rect>
        );
      })}
      <text x="0" y={HEIGHT + 11} className="fill-stone-500" fontSize="8">
        {days[0]?.day.slice(5)}
      </text>
      <text x={WIDTH} y={HEIGHT + 11} textAnchor="end" className="fill-stone-500" fontSize="8">
        today
      </text>
    </svg>
  );
}
