import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { promisify } from 'node:util';
import ipaddr from 'ipaddr.js';
import { ApiAccessMessages } from '@hireflow/contracts/api-access';
import { AppError } from '../../../lib/app-error';

/**
 * SSRF guard of webhooks. In production a webhook may only reach a public server over https: every
 * address its host resolves to must be public unicast (no loopback, private, link-local, unique-local,
 * carrier NAT, multicast, reserved...). Checked when the webhook is saved and again at each delivery
 * (DNS can change), and the delivery's own connection resolves through `guardedLookup`, so a name that
 * turns private between the check and the connect is refused too. Outside production anything goes
 * (tests and local development deliver to localhost).
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

const lookupAll = promisify(dnsLookup) as unknown as (host: string, opts: { all: true }) => Promise<LookupAddress[]>;

/** Why this URL may not be delivered to in production, or null when it may. */
export async function urlRefusal(rawUrl: string, resolve: (host: string) => Promise<LookupAddress[]> = (h) => lookupAll(h, { all: true })): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return 'must be a full https:// address';
  }
  if (url.protocol !== 'https:') return ApiAccessMessages.urlNotHttps;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = (await resolve(host)).map((a) => a.address);
    } catch {
      return ApiAccessMessages.urlNotResolved(host);
    }
  }
  if (!addresses.length) return ApiAccessMessages.urlNotResolved(host);
  return addresses.every(isPublicAddress) ? null : ApiAccessMessages.urlNotPublic(host);
}

/** A webhook being saved: 400 with the reason when production would refuse to deliver to it. */
export async function assertWebhookUrlAllowed(url: string, production: boolean): Promise<void> {
  if (!production) return;
  const refusal = await urlRefusal(url);
  if (refusal) throw AppError.badRequest(`url: ${refusal}`, [{ path: 'url', message: refusal }]);
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for http.request that refuses non-public answers (the connection itself, after the check). */
export function guardedLookup(hostname: string, options: LookupOptions, callback: LookupCallback) {
  dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, []);
    const list = addresses as LookupAddress[];
    if (!list.length || !list.every((a) => isPublicAddress(a.address))) {
      const refused = Object.assign(new Error(ApiAccessMessages.urlNotPublic(hostname)), { code: 'EHOOKREFUSED' });
      return callback(refused, []);
    }
    if (options.all) return callback(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
}
