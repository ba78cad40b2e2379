import { Router, type NextFunction, type Request, type Response } from 'express';
import { PrivacyMessages, PrivacyPages } from '@hireflow/contracts/privacy';
import { AppError } from '../../../lib/app-error';
import { clockOf } from '../../../lib/clock';
import { limitByIp } from '../../../lib/rate-limit';
import { brandOf, type CompanyBrand } from '../../company/brand';
import { Candidate, type CandidateDoc } from '../../candidates/candidate.model';
import { findPrivacyLink } from '../privacy-link';
import { formatDay } from './consent-dates';
import { getPrivacySettings, renewConsent } from './consent.service';
import { renderRenewalPage, renderRenewalProblem, renderRenewed } from './consent-renewal.render';

/**
 * /privacy/:token/renew: the one-click consent renewal page a renewal mail links to. GET shows the button and
 * changes nothing (mail scanners prefetch links); the form posts back and POST renews. The token (a privacy
 * link, privacy-link.ts) is the only credential: no cookie a forged cross-site post could ride on.
 */
export const consentRenewalPublicRouter = Router();

const pageLimit = limitByIp({ name: 'ip-consent-renewal-page', max: 120, windowSeconds: 15 * 60 });
const renewLimit = limitByIp({ name: 'ip-consent-renewal', max: 20, windowSeconds: 15 * 60 });

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};
const nowOf = (req: Request) => new Date(clockOf(req).now());

const NothingToRenew = 'We no longer hold your details, so there is nothing to renew.';

type Page = { candidate: CandidateDoc; brand: CompanyBrand | null; action: string };

/** The link's candidate and the company's brand; answers the unknown, expired and erased pages itself (null then). */
async function load(req: Request, res: Response): Promise<Page | null> {
  const token = String(req.params.token);
  const found = await findPrivacyLink(token, nowOf(req));
  if (found.state === 'unknown') {
    sendHtml(res, 404, renderRenewalProblem({ title: 'Link not valid', message: PrivacyMessages.linkUnknown }));
    return null;
  }
  const brand = await brandOf(found.link.customerId, req.app.locals.config.publicUrl);
  if (found.state === 'expired') {
    sendHtml(res, 410, renderRenewalProblem({ brand, title: 'Link expired', message: PrivacyMessages.linkExpired }));
    return null;
  }
  const candidate = await Candidate.findOne({ customerId: found.link.customerId, _id: found.link.candidateId }).lean<CandidateDoc>();
  if (!candidate || candidate.erasedAt || candidate.mergedIntoId) {
    sendHtml(res, 410, renderRenewalProblem({ brand, title: 'Nothing to renew', message: NothingToRenew }));
    return null;
  }
  return { candidate, brand, action: PrivacyPages.renew(encodeURIComponent(token)) };
}

consentRenewalPublicRouter.get('/:token/renew', pageLimit, async (req, res) => {
  const page = await load(req, res);
  if (!page) return;
  const { consentMonths } = await getPrivacySettings({ customerId: page.candidate.customerId });
  const keepsFor = consentMonths ? `for another ${consentMonths} month${consentMonths === 1 ? '' : 's'}` : 'until you ask us to erase them';
  const expiresOn = page.candidate.legalBasis === 'consent' && page.candidate.consentExpiresAt ? formatDay(page.candidate.consentExpiresAt) : null;
  sendHtml(res, 200, renderRenewalPage({ brand: page.brand, firstName: page.candidate.firstName, consented: page.candidate.legalBasis === 'consent', expiresOn, keepsFor, action: page.action }));
});

consentRenewalPublicRouter.post('/:token/renew', renewLimit, async (req, res) => {
  const page = await load(req, res);
  if (!page) return;
  const renewed = await renewConsent({ customerId: page.candidate.customerId, candidateId: page.candidate._id, now: nowOf(req) });
  if (!renewed) return sendHtml(res, 410, renderRenewalProblem({ brand: page.brand, title: 'Nothing to renew', message: NothingToRenew }));
  sendHtml(res, 200, renderRenewed({ brand: page.brand, message: PrivacyMessages.consentRenewed, until: renewed.consentExpiresAt ? formatDay(renewed.consentExpiresAt) : null }));
});

/** Too many requests from one address: said on a page like the others, not as JSON. */
consentRenewalPublicRouter.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (!(error instanceof AppError) || error.status !== 429) return next(error);
  sendHtml(res, 429, renderRenewalProblem({ title: 'Too many attempts', message: error.message }));
});
