import { useEffect } from 'react';

/** Shows `title` in the browser tab while the page is mounted, then restores the previous one. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
