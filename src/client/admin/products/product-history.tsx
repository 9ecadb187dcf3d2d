/**
 * A product's history on its editor: every save and archive made in the admin (the audit log), oldest first,
 * with who, when and the fields before → after, shown as the order page shows its changes. Variant rows are
 * summed up by SKU.
 */
import type { AuditEntry } from '@shared/admin/admin-schemas';
import { formatDateTime } from '../lib/format';

const ACTION_LABELS: Record<string, string> = {
  create: 'created',
  update: 'saved',
  archive: 'archived',
  unarchive: 'put back on sale',
};

/** One field's value as a short text: lists joined, variant rows as `SKU (size / colour, stock, ₹price)`. */
function valueText(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (key === 'variants' && Array.isArray(value)) {
    return (
      value
        .map(
          (row: {
            sku?: string;
            size?: string | null;
            color?: string | null;
            stock?: number | null;
            regularPrice?: number | null;
          }) => {
            const option = [row.size, row.color].filter(Boolean).join(' / ');
            const details = [
              option,
              row.stock == null ? null : `stock ${row.stock}`,
              row.regularPrice == null ? null : `₹${row.regularPrice}`,
            ]
              .filter(Boolean)
              .join(', ');
            return `${row.sku ?? '?'}${details ? ` (${details})` : ''}`;
          },
        )
        .join('; ') || '—'
    );
  }
  if (Array.isArray(value)) {
    return value
      .map((item) =>
        typeof item === 'object' && item !== null ? Object.values(item).flat().join(' ') : String(item),
      )
      .join(', ');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  const text = String(value);
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

function changeText(values: Record<string, unknown> | null, key: string): string {
  return values ? valueText(key, values[key]) : '—';
}

export function ProductHistory({ history }: { history: AuditEntry[] }) {
  return (
    <section aria-label="History" className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm">
      <h2 className="mb-1 font-semibold">History</h2>
      {history.length === 0 && <p className="text-stone-500">No changes in the admin yet.</p>}
      <ol className="flex flex-col gap-2" aria-label="Changes in the admin">
        {history.map((entry, index) => {
          const keys = Object.keys({ ...(entry.before ?? {}), ...(entry.after ?? {}) });
          return (
            <li key={index}>
              <span className="text-xs text-stone-500">{formatDateTime(entry.at)}</span> {entry.actor}:{' '}
              {ACTION_LABELS[entry.action] ?? entry.action}
              {entry.action !== 'create' && (
                <ul className="text-xs break-words text-stone-500">
                  {keys.map((key) => (
                    <li key={key}>
                      {key}: {changeText(entry.before, key)} → {changeText(entry.after, key)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
