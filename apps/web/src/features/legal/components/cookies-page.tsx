import { LegalDocument } from '@/features/legal/components/legal-document';

export function CookiesPage() {
  return <LegalDocument document="cookies" crossLinkTo="/legal/privacy" />;
}
