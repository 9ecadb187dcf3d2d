/**
 * The help picture of a measurement set (docs/add-ons.md "Measurement sets"): a simple line drawing, drawn
 * here as SVG (no image file, nothing fetched), with a numbered mark for each field in the form's order.
 */
import { MEASUREMENT_FIELDS, type MeasurementSet } from '@shared/add-ons/measurement-sets';

/** Where each numbered mark sits on the drawing (x, y in a 200 × 220 box), by set. */
const MARKS: Record<'blouse' | 'suit', [number, number][]> = {
  blouse: [
    [100, 78],
    [100, 96],
    [100, 116],
    [100, 40],
    [32, 70],
    [28, 92],
    [60, 56],
    [150, 100],
    [100, 54],
    [140, 36],
  ],
  suit: [
    [100, 70],
    [100, 100],
    [100, 128],
    [100, 36],
    [150, 110],
    [32, 80],
    [28, 110],
    [86, 190],
    [118, 150],
    [118, 212],
  ],
};

/** A line drawing of a blouse or a suit with numbered marks and the legend of the fields. */
export function MeasurementHelp({ set }: { set: MeasurementSet }) {
  if (set === 'none') return null;
  const fields = MEASUREMENT_FIELDS[set];
  const marks = MARKS[set === 'blouse' ? 'blouse' : 'suit'];
  return (
    <figure className="flex flex-col gap-2 sm:flex-row sm:items-start">
      <svg
        viewBox="0 0 200 220"
        role="img"
        aria-label={`Where to measure: ${fields.map((f) => f.label).join(', ')}`}
        className="h-48 w-44 shrink-0 text-stone-500"
      >
        <g fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round">
          {set === 'blouse' ? (
            <path d="M70 30 L100 58 L130 30 L160 44 L178 96 L152 104 L140 80 L140 126 L60 126 L60 80 L48 104 L22 96 L40 44 Z" />
          ) : (
            <>
              <path d="M70 26 L100 50 L130 26 L162 40 L178 120 L154 124 L142 76 L146 176 L54 176 L58 76 L46 124 L22 120 L38 40 Z" />
              <path d="M76 176 L70 216 L96 216 L100 186 L104 216 L130 216 L124 176" />
            </>
          )}
        </g>
        {marks.slice(0, fields.length).map(([x, y], index) => (
          <g key={fields[index]!.key}>
            <circle cx={x} cy={y} r="8" className="fill-amber-100 stroke-amber-700" />
            <text x={x} y={y + 3.5} textAnchor="middle" fontSize="10" className="fill-stone-900">
              {index + 1}
            </text>
          </g>
        ))}
      </svg>
      <figcaption>
        <ol className="list-decimal pl-5 text-sm text-stone-700">
          {fields.map((field) => (
            <li key={field.key}>{field.label}</li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
