/** `/admin/returns/:returnId`: one return in full with its steps (the admin order page links here). */
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { Alert } from '@client/components/ui/alert';
import { errorText } from '@client/lib/error-text';
import { ReturnCard } from './return-card';
import { returnQuery } from './return-queries';

export function ReturnPage() {
  const { returnId = '' } = useParams();
  const query = useQuery(returnQuery(returnId));
  return (
    <section className="flex flex-col gap-3">
      <Link to="/returns" className="text-xs text-brand-700">
        ← Returns
      </Link>
      {query.isPending ? (
        <p className="text-stone-600">Loading…</p>
      ) : query.isError ? (
        <Alert>{errorText(query.error)}</Alert>
      ) : (
        <ReturnCard item={query.data} />
      )}
    </section>
  );
}
