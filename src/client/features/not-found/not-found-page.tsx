/**
 * The 404 page (docs/product.md §2 "Route table": any other path; §8): shown without the main layout, for /404 and
 * every unknown path, with a 'Return to Home' link.
 */
import { Link } from 'react-router';
import { Home } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { useStoreInfo } from '@client/lib/store-info/store-info-query';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function NotFoundPage() {
  const { brand } = useStoreInfo();
  useDocumentTitle(`Page not found | ${brand}`);
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center bg-brand-50 px-6 py-16 text-center">
      <p
        aria-hidden="true"
        className="font-serif text-8xl font-bold tracking-tight text-brand-700 sm:text-9xl"
      >
        404
      </p>
      <div aria-hidden="true" className="mt-4 h-1 w-20 rounded-full bg-zari-400" />
      <h1 className="mt-6 text-2xl font-semibold text-stone-900 sm:text-3xl">Oops! Page not found</h1>
      <p className="mt-3 max-w-md text-stone-600">
        The page you are looking for does not exist or has been moved.
      </p>
      <Button asChild size="lg" className="mt-8">
        <Link to="/">
          <Home aria-hidden="true" />
          Return to Home
        </Link>
      </Button>
    </main>
  );
}
