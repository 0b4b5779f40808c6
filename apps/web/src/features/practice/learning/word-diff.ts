import { diffWordsWithSpace } from 'diff';

export type DiffPart = { kind: 'same' | 'added' | 'removed'; text: string };

/**
 * The word-level difference between a chat message and its proposed correction (npm `diff`), as
 * parts to render: removed words struck through, added words highlighted, the rest as it was.
 */
export function wordDiff(original: string, corrected: string): DiffPart[] {
  return diffWordsWithSpace(original, corrected).map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}

/** Whether a proposal changes anything but spacing (an unchanged "correction" is refused). */
export function changesWords(original: string, corrected: string): boolean {
  return original.trim().split(/\s+/).join(' ') !== corrected.trim().split(/\s+/).join(' ');
}
