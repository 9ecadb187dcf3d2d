/**
 * The document title (docs/product.md §2: "The page title comes from store info"). Layouts set the fallback (the store's
 * brand); a page that names itself claims the title while it is shown. The newest claim wins whatever order
 * the effects run in, so a brand arriving late never overwrites a page's own title.
 */
import { useEffect } from 'react';

const claims: { title: string }[] = [];
let fallbackTitle = '';

function applyTitle(): void {
  const title = claims.at(-1)?.title || fallbackTitle;
  if (title && document.title !== title) document.title = title;
}

/** Claims `document.title` while the calling component is shown (a null/empty title claims nothing). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (!title) return;
    const claim = { title };
    claims.push(claim);
    applyTitle();
    return () => {
      claims.splice(claims.indexOf(claim), 1);
      applyTitle();
    };
  }, [title]);
}

/** Sets the title shown when no page claims one (the layouts pass the store's brand). */
export function useFallbackTitle(title: string): void {
  useEffect(() => {
    fallbackTitle = title;
    applyTitle();
  }, [title]);
}
