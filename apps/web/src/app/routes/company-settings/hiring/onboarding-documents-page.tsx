import { OnboardingDocumentsSettings } from '@/features/offers/onboarding/onboarding-documents-settings';

/** /company-settings/onboarding-documents: what new hires provide after accepting (the standardSettings right, as the API checks). */
export default function OnboardingDocumentsPage() {
  return <OnboardingDocumentsSettings />;
}
