import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** One Checkout Session the peer created: the form fields the API sent (flattened keys) and what it answered. */
export type PeerSession = { id: string; url: string; fields: Record<string, string>; metadata: Record<string, string> };

/**
 * A local stand-in for api.stripe.com (STRIPE_API_URL points here in tests): it answers
 * POST /v1/checkout/sessions like Stripe and builds the signed webhooks Stripe would send once a
 * customer paid (signed with stripe.webhooks.generateTestHeaderString and the given signing secret).
 * Nothing reaches the internet.
 */
export async function startStripePeer({ webhookSecret }: { webhookSecret: string }) {
  const sessions = new Map<string, PeerSession>();
  const requests: { method: string; path: string; authorization: string }[] = [];
  let counter = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', path: req.url ?? '', authorization: req.headers.authorization ?? '' });
      res.setHeader('Content-Type', 'application/json');
      if (req.method === 'POST' && req.url === '/v1/checkout/sessions') {
        const fields = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
        const metadata = Object.fromEntries(Object.entries(fields).flatMap(([k, v]) => (k.startsWith('metadata[') ? [[k.slice(9, -1), v]] : [])));
        counter += 1;
        const id = `cs_test_${counter}`;
        const session: PeerSession = { id, url: `https://checkout.stripe.test/pay/${id}`, fields, metadata };
        sessions.set(id, session);
        res.end(JSON.stringify({ id, object: 'checkout.session', url: session.url, mode: fields.mode, metadata, payment_status: 'unpaid', status: 'open' }));
        return;
      }
      res.statusCode = 404;
      res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${req.url})` } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const stripe = new Stripe('sk_test_peer');

  /** The body and Stripe-Signature header of the event Stripe sends when the session's checkout completes. */
  function completedWebhook(sessionId: string, { eventId = `evt_${sessionId}`, secret = webhookSecret, timestamp }: { eventId?: string; secret?: string; timestamp?: number } = {}) {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const payload = JSON.stringify({
      id: eventId,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: session.id, object: 'checkout.session', mode: session.fields.mode, payment_status: 'paid', status: 'complete', customer: 'cus_test_1', metadata: session.metadata } },
    });
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
    return { payload, header };
  }

  return {
    url,
    sessions,
    requests,
    completedWebhook,
    lastSession: () => [...sessions.values()].at(-1),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
