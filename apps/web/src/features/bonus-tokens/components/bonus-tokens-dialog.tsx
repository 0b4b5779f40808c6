import * as Dialog from '@radix-ui/react-dialog';
import { Suspense, useState } from 'react';
import type { BonusTokensMode } from '@/lib/tokens/bonus-tokens-dialog-store';
import { AdView } from '@/features/bonus-tokens/components/ad-view';
import { ChoiceView } from '@/features/bonus-tokens/components/choice-view';
import { ReferralView } from '@/features/bonus-tokens/components/referral-view';

export type BonusTokensDialogProps = {
  open: boolean;
  mode: BonusTokensMode;
  onClose: () => void;
};

/**
 * The bonus-token modal of spec §2 and §4. Closing unmounts its content, so every opening starts
 * afresh from the mode it was asked for.
 */
export function BonusTokensDialog({ open, mode, onClose }: BonusTokensDialogProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl focus:outline-none sm:p-6"
        >
          <Suspense fallback={<DialogSpinner />}>
            <BonusTokensContent initialMode={mode} onClose={onClose} />
          </Suspense>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

type BonusTokensContentProps = { initialMode: BonusTokensMode; onClose: () => void };

function BonusTokensContent({ initialMode, onClose }: BonusTokensContentProps) {
  const [mode, setMode] = useState(initialMode);
  // Back is offered only to those who came through the choice.
  const [cameFromChoice, setCameFromChoice] = useState(false);
  const back = cameFromChoice ? () => setMode('choice') : undefined;

  if (mode === 'ad') return <AdView onClose={onClose} onBack={back} />;
  if (mode === 'referral') return <ReferralView onClose={onClose} onBack={back} />;
  return (
    <ChoiceView
      onChoose={(next) => {
        setCameFromChoice(true);
        setMode(next);
      }}
    />
  );
}

function DialogSpinner() {
  return (
    <div className="flex justify-center py-10">
      <span className="size-8 animate-spin rounded-full border-2 border-brand-200 border-t-brand-600" />
    </div>
  );
}
