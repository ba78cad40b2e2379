import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { CompanyApi, CompanyLimits, CompanyMessages, ZCompanyPreferences, ZCompanyProfileInput, ZLookFeelInput } from '@hireflow/contracts/company';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { AppError } from '../../lib/app-error';
import { authOf, requireAnyRight, requireAuth, requireRight, tenantOf } from '../../lib/auth';
import { validate } from '../../lib/validate';
import { getCompanyPreferences, getCompanyProfile, getLookFeel, updateCompanyPreferences, updateCompanyProfile, updateLookFeel } from './company.service';
import { readPublicLogo, removeLogo, replaceLogo, type LogoUpload } from './company-logo';

const path = (p: string) => p.replace(/^\/api/, '');

/**
 * The company's profile, logo, look and feel and preferences (company-settings/company-profile, look-feel,
 * preferences), each behind its settings page's right; the logo is on both the profile and the look-feel
 * page, so either page's right may change it. The public logo is the one call here without sign-in.
 */
export const companyRouter = Router();

const profileRight = requireRight(CompanySettingsPages['company-profile']);
const lookFeelRight = requireRight(CompanySettingsPages['look-feel']);
const preferencesRight = requireRight(CompanySettingsPages.preferences);
const logoRight = requireAnyRight(CompanySettingsPages['company-profile'], CompanySettingsPages['look-feel']);

companyRouter.get(path(CompanyApi.profile), requireAuth, profileRight, async (req, res) => {
  res.json(await getCompanyProfile({ customerId: tenantOf(req) }));
});

companyRouter.put(path(CompanyApi.profile), requireAuth, profileRight, validate({ body: ZCompanyProfileInput }), async (req, res) => {
  res.json(await updateCompanyProfile({ customerId: tenantOf(req), input: req.body }));
});

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: CompanyLimits.logoMaxBytes, files: 1, fields: 2, fieldSize: 1024, parts: 3 },
}).any();

/** The one uploaded file (any field name; the SPA sends LogoUploadField); multer's refusals become 400s. */
function receiveLogo(req: Request, res: Response): Promise<LogoUpload> {
  return new Promise((resolve, reject) => {
    upload(req, res, (error: unknown) => {
      if (error instanceof multer.MulterError) return reject(AppError.badRequest(error.code === 'LIMIT_FILE_SIZE' ? CompanyMessages.logoTooLarge : CompanyMessages.logoMissing));
      if (error) return reject(AppError.badRequest(CompanyMessages.logoMissing));
      const file = (req.files as Express.Multer.File[] | undefined)?.[0];
      if (!file) return reject(AppError.badRequest(CompanyMessages.logoMissing));
      resolve({ buffer: file.buffer, mimetype: file.mimetype, originalname: file.originalname });
    });
  });
}

companyRouter.post(path(CompanyApi.logo), requireAuth, logoRight, async (req, res) => {
  const file = await receiveLogo(req, res);
  res.json(await replaceLogo({ customerId: tenantOf(req), actorId: authOf(req).userId, file }));
});

companyRouter.delete(path(CompanyApi.logo), requireAuth, logoRight, async (req, res) => {
  res.json(await removeLogo({ customerId: tenantOf(req) }));
});

/**
 * The logo for the career site, candidate pages and mails. Links carry `?v=` (a new upload changes it),
 * so the current version may be cached for a day; the ETag answers re-checks with 304. Mail clients and
 * other sites may embed it (cross-origin resource policy).
 */
companyRouter.get(path(CompanyApi.publicLogo), async (req, res) => {
  const logo = await readPublicLogo(String(req.params.customerId));
  if (!logo) throw AppError.notFound('Logo');
  const etag = `"${logo.fileId.slice(0, 16)}"`;
  const current = typeof req.query.v === 'string' && logo.fileId.startsWith(req.query.v) && req.query.v.length > 0;
  res.setHeader('Cache-Control', current ? 'public, max-age=86400' : 'public, max-age=300');
  res.setHeader('ETag', etag);
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  if (req.headers['if-none-match'] === etag) {
    res.status(304).end();
    return;
  }
  res.type(logo.contentType).send(logo.buffer);
});

companyRouter.get(path(CompanyApi.lookFeel), requireAuth, lookFeelRight, async (req, res) => {
  res.json(await getLookFeel({ customerId: tenantOf(req) }));
});

companyRouter.put(path(CompanyApi.lookFeel), requireAuth, lookFeelRight, validate({ body: ZLookFeelInput }), async (req, res) => {
  res.json(await updateLookFeel({ customerId: tenantOf(req), input: req.body }));
});

companyRouter.get(path(CompanyApi.preferences), requireAuth, preferencesRight, async (req, res) => {
  res.json(await getCompanyPreferences({ customerId: tenantOf(req) }));
});

companyRouter.put(path(CompanyApi.preferences), requireAuth, preferencesRight, validate({ body: ZCompanyPreferences }), async (req, res) => {
  res.json(await updateCompanyPreferences({ customerId: tenantOf(req), input: req.body }));
});
