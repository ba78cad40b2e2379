import type { Config } from '../../../config';
import type { PaymentProvider } from './payment-provider';
import { manualProvider } from './manual-provider';
import { createStripeProvider } from './stripe-provider';

/** The provider billing uses: Stripe when its keys are set (config.stripe), else manual. */
export function paymentProviderOf(config: Config): PaymentProvider {
  return config.stripe ? createStripeProvider(config) : manualProvider(config);
}
