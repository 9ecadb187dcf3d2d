/**
 * A product's history on its editor: every save and archive made in the admin (the audit log), oldest first,
 * with who, when and each field's change in words ('Price changed from ₹1,899 to ₹1,699', 'KUR-S-MRN: Stock
 * changed from 5 to 3'), as the order page shows its changes (src/shared/admin/change-text.ts).
 */
import type { AuditEntry } from '@shared/admin/admin-schemas';
import { auditActionLabel, auditChangeLines, auditEntryShown } from '@shared/admin/change-text';
import { formatDateTime } from '../lib/format';

export function ProductHistory({ history: entries }: { history: AuditEntry[] }) {
  const history = entries.filter(auditEntryShown);
  return (
    <section aria-label="History" className="rounded-lg border border-stone-200 bg-white px-3 py-2 text-sm">
      <h2 className="mb-1 font-semibold">History</h2>
      {history.length === 0 && <p className="text-stone-500">No changes in the admin yet.</p>}
      <ol className="flex flex-col gap-2" aria-label="Changes in the admin">
        {history.map((entry, index) => (
          <li key={index}>
            <span className="text-xs text-stone-500">{formatDateTime(entry.at)}</span> {entry.actor}:{' '}
            {auditActionLabel(entry.action)}
            <ul className="text-xs break-words text-stone-500">
              {auditChangeLines(entry.before, entry.after).map((line, lineIndex) => (
                <li key={lineIndex}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
