import type { ClientSession } from 'mongoose';
import type { OfferDoc } from './offer.model';

export type OfferAccepted = { offer: OfferDoc; at: Date; session: ClientSession };
type OfferAcceptedHook = (accepted: OfferAccepted) => Promise<void>;
const hooks: OfferAcceptedHook[] = [];

/**
 * What other areas record when a candidate accepts an offer (an agency's placement fee): each registers
 * once from its module; the acceptance runs them inside its transaction, so their writes commit with it.
 */
export function onOfferAccepted(hook: OfferAcceptedHook) {
  hooks.push(hook);
}

export async function runOfferAcceptedHooks(accepted: OfferAccepted) {
  for (const hook of hooks) await hook(accepted);
}
