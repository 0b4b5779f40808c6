import { useEffect, useReducer } from 'react';
import { isDeckLoaded, loadDeck, taskCard, type CardLanguage } from './task-cards';

/**
 * The card `id` in `language`, once that language's deck chunk has loaded (null until then, and
 * for no id). Re-renders when the deck arrives.
 */
export function useTaskCard(id: string | null | undefined, language: CardLanguage) {
  const [, deckArrived] = useReducer((count: number) => count + 1, 0);

  useEffect(() => {
    if (isDeckLoaded(language)) return;
    let current = true;
    loadDeck(language).then(
      () => {
        if (current) deckArrived();
      },
      () => {},
    );
    return () => {
      current = false;
    };
  }, [language]);

  return id ? taskCard(id, language) : null;
}
