import type { Config } from '../../../config';
import { paymentProviderFor, type PaymentProvider } from './payment-provider';
import { manualProvider } from './manual-provider';
import './stripe-provider';

/** The provider billing uses: Stripe when its keys are set, else manual. */
export function paymentProviderOf(config: Config): PaymentProvider {
  return paymentProviderFor(config, manualProvider);
}
