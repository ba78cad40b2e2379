import type { OfferDoc } from '../offer.model';

/**
 * The onboarding part of the candidate's offer page once they accepted: the documents to provide, each
 * with its state and an upload form. HTML (escaped) placed inside the server-rendered page.
 */
export async function onboardingSectionHtml(_offer: OfferDoc, _token: string): Promise<string> {
  return '';
}
