import Stripe from 'stripe';
import type { Config } from '../../../config';

const clients = new WeakMap<object, Stripe>();

/** The Stripe client of a config: its API host comes from STRIPE_API_URL, so tests talk to a local peer. */
export function stripeClient(config: Config): Stripe {
  const stripe = config.stripe;
  if (!stripe) throw new Error('Stripe is not configured');
  let client = clients.get(stripe);
  if (!client) {
    const url = new URL(stripe.apiUrl);
    const protocol = url.protocol === 'http:' ? 'http' : 'https';
    client = new Stripe(stripe.secretKey, { host: url.hostname, port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443, protocol, maxNetworkRetries: 1, timeout: 20_000 });
    clients.set(stripe, client);
  }
  return client;
}
