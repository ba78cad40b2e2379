import type { Types } from 'mongoose';
import type { Logger } from 'pino';
import { DomainProofRules, MaxDomains, OrgMessages, PublicEmailDomains, type TDomainsResponse, type TProveDomainResponse } from '@hireflow/contracts/org';
import { Paths } from '@hireflow/contracts/routes';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { sendMail } from '../../lib/mailer';
import { hitRateLimit, type RateRule } from '../../lib/rate-limit';
import { consumeAuthToken, issueAuthToken } from '../auth/auth-token.service';
import { domainProofMail } from '../mail/mail.templates';
import type { UserDoc } from '../users/user.model';
import { Customer } from './customer.model';

/**
 * The email domains whose people may sign themselves up. A claim captures no one until proven: at once
 * when the claiming admin's own verified email is at the domain, otherwise by a link mailed to an
 * address at the domain. Proven domains live in `domains` (what sign-up reads), claims in `pendingDomains`.
 */
type Actor = Pick<UserDoc, '_id' | 'email' | 'firstName' | 'lastName' | 'emailVerification'>;
type MailCtx = { config: Pick<Config, 'publicUrl' | 'smtpUrl' | 'mailFrom' | 'rateLimitDisabled'>; logger: Logger };

/** A few proof mails per claimed domain an hour: enough to fix a typo, too few to spam the domain. */
const ProofMailRule: RateRule = { name: 'domain-proof-mail', max: 5, windowSeconds: 3600 };

const domainOfEmail = (email: string) => email.split('@')[1]?.toLowerCase() ?? '';
const scopeOf = (customerId: Types.ObjectId, domain: string) => `${String(customerId)}:${domain}`;

async function loadDomains(customerId: Types.ObjectId) {
  const customer = await Customer.findById(customerId, { name: 1, domains: 1, pendingDomains: 1 }).lean();
  if (!customer) throw AppError.notFound('Company');
  return { name: customer.name, active: [...(customer.domains ?? [])], pending: [...(customer.pendingDomains ?? [])] };
}

export async function listDomains({ customerId }: { customerId: Types.ObjectId }): Promise<TDomainsResponse> {
  const { active, pending } = await loadDomains(customerId);
  const entries = [
    ...active.map((domain) => ({ domain, status: 'active' as const, proofSentTo: null, proofSentAt: null })),
    ...pending.map((p) => ({ domain: p.domain, status: 'pending' as const, proofSentTo: p.proofSentTo ?? null, proofSentAt: p.proofSentAt ? p.proofSentAt.toISOString() : null })),
  ];
  return { domains: entries.sort((a, b) => a.domain.localeCompare(b.domain)) };
}

/** Public providers never; a domain another company has proven never. Claims of others do not block. */
async function assertClaimable(customerId: Types.ObjectId, domain: string) {
  if ((PublicEmailDomains as readonly string[]).includes(domain)) throw AppError.badRequest(OrgMessages.publicDomain);
  if (await Customer.exists({ domains: domain, _id: { $ne: customerId } })) throw AppError.conflict(OrgMessages.domainTaken);
}

const provesAtOnce = (actor: Actor, domain: string) => Boolean(actor.emailVerification?.status) && domainOfEmail(actor.email) === domain;

async function claim(customerId: Types.ObjectId, actor: Actor, domain: string) {
  if (provesAtOnce(actor, domain)) await activate(customerId, domain);
  else await Customer.updateOne({ _id: customerId, 'pendingDomains.domain': { $ne: domain } }, { $push: { pendingDomains: { domain, proofSentTo: null, proofSentAt: null } } });
}

/** Makes a proven domain capture sign-ups for this company; other companies' unproven claims on it lapse. */
async function activate(customerId: Types.ObjectId, domain: string) {
  await Customer.updateOne({ _id: customerId }, { $addToSet: { domains: domain }, $pull: { pendingDomains: { domain } } });
  await Customer.updateMany({ _id: { $ne: customerId }, 'pendingDomains.domain': domain }, { $pull: { pendingDomains: { domain } } });
}

export async function addDomain({ customerId, actor, domain }: { customerId: Types.ObjectId; actor: Actor; domain: string }) {
  await assertClaimable(customerId, domain);
  const { domains } = await listDomains({ customerId });
  if (domains.some((d) => d.domain === domain)) throw AppError.conflict(OrgMessages.domainOnList);
  if (domains.length >= MaxDomains) throw AppError.badRequest(`A company may list at most ${MaxDomains} domains`);
  await claim(customerId, actor, domain);
  return listDomains({ customerId });
}

/** A new name is a new claim: it needs its own proof (unless the admin's own email proves it). */
export async function renameDomain({ customerId, actor, from, to }: { customerId: Types.ObjectId; actor: Actor; from: string; to: string }) {
  const { domains } = await listDomains({ customerId });
  if (!domains.some((d) => d.domain === from)) throw AppError.notFound('Domain');
  if (from === to) return { domains };
  await assertClaimable(customerId, to);
  if (domains.some((d) => d.domain === to)) throw AppError.conflict(OrgMessages.domainOnList);
  await Customer.updateOne({ _id: customerId }, { $pull: { domains: from, pendingDomains: { domain: from } } });
  await claim(customerId, actor, to);
  return listDomains({ customerId });
}

export async function removeDomain({ customerId, domain }: { customerId: Types.ObjectId; domain: string }) {
  const { domains } = await listDomains({ customerId });
  if (!domains.some((d) => d.domain === domain)) throw AppError.notFound('Domain');
  await Customer.updateOne({ _id: customerId }, { $pull: { domains: domain, pendingDomains: { domain } } });
  return listDomains({ customerId });
}

/** Mails a single-use link to an address at the claimed domain; a newer link from the same admin replaces it. */
export async function sendDomainProof(ctx: MailCtx, { customerId, actor, domain, email }: { customerId: Types.ObjectId; actor: Actor; domain: string; email: string }) {
  const { name, active, pending } = await loadDomains(customerId);
  if (active.includes(domain)) throw AppError.conflict(OrgMessages.domainAlreadyActive);
  if (!pending.some((p) => p.domain === domain)) throw AppError.notFound('Domain');
  if (domainOfEmail(email) !== domain) throw AppError.badRequest(OrgMessages.proofAddressElsewhere(domain));
  await assertClaimable(customerId, domain);
  await hitRateLimit(ctx.config, ProofMailRule, `domain:${scopeOf(customerId, domain)}`);

  const ttlDays = DomainProofRules.ttlDays;
  const { key } = await issueAuthToken({ userId: actor._id, purpose: 'domain', scope: scopeOf(customerId, domain), ttlMs: ttlDays * 24 * 3600_000 });
  const link = `${ctx.config.publicUrl}${Paths.verifyDomain}?key=${encodeURIComponent(key)}`;
  const adminName = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
  await sendMail(ctx, { to: email, ...domainProofMail({ companyName: name, adminName, domain, link, ttlDays }) });
  await Customer.updateOne({ _id: customerId, 'pendingDomains.domain': domain }, { $set: { 'pendingDomains.$': { domain, proofSentTo: email, proofSentAt: new Date() } } });
  return { message: OrgMessages.proofSent(email), ...(await listDomains({ customerId })) };
}

/** The link from the proof mail, opened by whoever reads mail at the domain: no sign-in needed. */
export async function proveDomain({ key }: { key: string }): Promise<TProveDomainResponse> {
  const token = await consumeAuthToken(['domain'], key);
  const [customerIdText, domain] = (token?.scope ?? '').split(':');
  const invalid = () => new AppError('domain_proof_invalid', { message: OrgMessages.proofLinkInvalid, status: 400 });
  if (!token || !customerIdText || !domain) throw invalid();
  const customer = await Customer.findOne({ _id: customerIdText, 'pendingDomains.domain': domain }, { name: 1 }).lean();
  if (!customer) throw invalid();
  if (await Customer.exists({ domains: domain, _id: { $ne: customer._id } })) throw AppError.conflict(OrgMessages.domainTaken);
  await activate(customer._id, domain);
  return { domain, companyName: customer.name, message: OrgMessages.domainProved(domain, customer.name) };
}
