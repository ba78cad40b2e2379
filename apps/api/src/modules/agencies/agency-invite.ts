import { agencySignInPath } from '@hireflow/contracts/agency-portal';
import type { MailContext } from '../../lib/mailer';
import { sendMail } from '../../lib/mailer';
import type { Config } from '../../config';
import { issueAuthToken } from '../auth/auth-token.service';
import { agencyInviteMail } from '../mail/mail.templates';
import { Customer } from '../org/customer.model';
import type { AgencyDoc } from './agency.model';
import type { AgencyUserDoc } from './agency-user.model';

export const AgencyInviteTtlDays = 7;

/** The agency's sign-in page on this site (what the manage page shows and mails link to). */
export async function agencySignInUrl(config: Pick<Config, 'publicUrl'>, agency: Pick<AgencyDoc, '_id' | 'customerId'>) {
  const company = await Customer.findById(agency.customerId, { slug: 1 }).lean();
  return company?.slug ? `${config.publicUrl}${agencySignInPath(company.slug, String(agency._id))}` : null;
}

/**
 * Mails an agency user the link to choose their password: their agency's sign-in page with a single-use
 * key (`?key=`, purpose agency-invite, valid a week). Used when the chain approves an agency (its contact)
 * and when the contact adds a colleague. Earlier invitation keys of the user stop working.
 */
export async function mailAgencyInvite(ctx: MailContext & { config: Pick<Config, 'publicUrl'> }, agencyUser: Pick<AgencyUserDoc, '_id' | 'name' | 'email'>, agency: Pick<AgencyDoc, '_id' | 'customerId' | 'name'>) {
  const signIn = await agencySignInUrl(ctx.config, agency);
  if (!signIn) return { delivered: false };
  const { key } = await issueAuthToken({ userId: agencyUser._id, purpose: 'agency-invite', ttlMs: AgencyInviteTtlDays * 24 * 3600_000 });
  const company = await Customer.findById(agency.customerId, { name: 1 }).lean();
  const link = `${signIn}?key=${encodeURIComponent(key)}`;
  return sendMail(ctx, { to: agencyUser.email, ...agencyInviteMail({ name: agencyUser.name, agencyName: agency.name, companyName: company?.name ?? 'The company', link, ttlDays: AgencyInviteTtlDays }) });
}
