import { useEffect } from 'react';

/** Sets `document.title` while the calling component is shown (spec §2: the page title comes from store info). */
export function useDocumentTitle(title: string | null | undefined): void {
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
