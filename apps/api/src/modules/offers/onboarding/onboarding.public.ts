import { Router, type NextFunction, type Request, type Response } from 'express';
import multer from 'multer';
import { OfferMessages, OfferPublicPaths, offerPublicPath } from '@hireflow/contracts/offers';
import { OnboardingDocumentStateLabels, OnboardingLimits, OnboardingMessages, describeFileTypes, type TOnboardingFileType } from '@hireflow/contracts/offers-onboarding';
import { AppError } from '../../../lib/app-error';
import { limitByIp } from '../../../lib/rate-limit';
import { escapeHtml as esc } from '../../jobs/html-escape';
import { style } from '../../careers/careers.render';
import { Customer } from '../../org/customer.model';
import type { UploadedFile } from '../../files/resume-check';
import type { OfferDoc } from '../offer.model';
import { findOfferByToken } from '../offer-link';
import { isOnboardingOffer, onboardingEntries, UploadRefused, uploadOnboardingDocument } from './onboarding.service';

const sectionStyle = `<style>.onboarding{list-style:none;padding:0}.onboarding>li{background:#fff;border:1px solid #dfe9e3;border-radius:8px;padding:12px 16px;margin:10px 0}
.onboarding h3{margin:0 0 4px;font-size:1.1rem}.onboarding form{border:0;padding:0;background:none}.state{font-weight:500}.state-accepted{color:#1e6b45}.state-needs_changes{color:#8a1c1c}
.note{background:#fff7e6;border:1px solid #e8c98a;padding:8px 12px;border-radius:6px;white-space:pre-wrap}.notice{background:#eef7f1;border:1px solid #a9d6b9;padding:10px 14px;border-radius:6px}</style>`;

const accepts = (types: readonly TOnboardingFileType[]) => types.flatMap((t) => (t === 'jpg' ? ['.jpg', '.jpeg'] : [`.${t}`])).join(',');
const day = (d: Date) => d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const uploadPath = (token: string, documentId: string) => OfferPublicPaths.uploadDocument.replace(':token', encodeURIComponent(token)).replace(':documentId', documentId);

/**
 * The onboarding part of the candidate's offer page once they accepted: the documents to provide, each
 * with its state, the reviewer's note and an upload form. HTML (escaped) placed inside the server-rendered
 * page; '' for an offer not (yet) accepted or a company that asks for no documents. `uploaded` (the
 * ?uploaded= of the page's address after an upload) adds the confirmation.
 */
export async function onboardingSectionHtml(offer: OfferDoc, token: string, { uploaded }: { uploaded?: unknown } = {}): Promise<string> {
  if (!isOnboardingOffer(offer)) return '';
  const entries = await onboardingEntries(offer);
  if (entries.length === 0) return '';
  const items = entries.map(({ document: d, submission: s }) => {
    const id = String(d._id);
    const types = (d.fileTypes ?? []) as TOnboardingFileType[];
    const state = s ? (s.state as 'submitted' | 'accepted' | 'needs_changes') : 'missing';
    const status = s
      ? `<p class="state state-${state}">${esc(OnboardingDocumentStateLabels[state])}: ${esc(s.filename)}, uploaded ${esc(day(s.uploadedAt))}</p>`
      : `<p class="state state-missing">${esc(OnboardingDocumentStateLabels.missing)}</p>`;
    const note = s?.note ? `<p class="note"><strong>Note from the company:</strong> ${esc(s.note)}</p>` : '';
    const form =
      state === 'accepted'
        ? ''
        : `<form method="post" action="${esc(uploadPath(token, id))}" enctype="multipart/form-data">
<label for="file-${esc(id)}">${s ? 'Upload a new file' : 'Choose a file'} (${esc(describeFileTypes(types))}, up to ${OnboardingLimits.maxFileBytes / 1024 / 1024} MB)</label>
<input type="file" id="file-${esc(id)}" name="file" accept="${esc(accepts(types))}" required>
<button type="submit">Upload ${esc(d.name)}</button></form>`;
    return `<li id="document-${esc(id)}"><h3>${esc(d.name)} <span class="meta">(${d.required ? 'required' : 'optional'})</span></h3>
${d.description ? `<p>${esc(d.description)}</p>` : ''}${status}${note}${form}</li>`;
  });
  const done = entries.find((e) => typeof uploaded === 'string' && String(e.document._id) === uploaded && e.submission);
  const notice = done ? `<p class="notice" role="status">${esc(OnboardingMessages.uploaded(done.document.name))}</p>` : '';
  return `${sectionStyle}<section id="onboarding" aria-labelledby="onboarding-title"><h2 id="onboarding-title">Documents to provide</h2>
<p>Welcome aboard! Please upload these documents before your first day. We check each one and tell you here if anything needs to change.</p>
${notice}<ul class="onboarding">${items.join('\n')}</ul></section>`;
}

// ---------- The upload: /offer/:token/documents/:documentId (outside /api, no sign-in) ----------

/**
 * Mounted at the site's root next to the other public pages; it answers only the upload path, so the
 * offer page's own router (/offer/:token and its letter, accept, decline) is untouched. The token is the only
 * credential: no cookie a forged cross-site post could ride on.
 */
export const onboardingPublicRouter = Router();

const uploadLimit = limitByIp({ name: 'ip-offer-document-upload', max: 30, windowSeconds: 15 * 60 });
const upload = multer({ storage: multer.memoryStorage(), limits: { fileSize: OnboardingLimits.maxFileBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6 } }).single('file');

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};

function page({ companyName, title, message, back }: { companyName: string; title: string; message: string; back?: string }) {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}${companyName ? ` – ${esc(companyName)}` : ''}</title><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<style>${style}</style></head>
<body><header><strong>${esc(companyName || 'Your offer')}</strong></header>
<main><h1>${esc(title)}</h1><p${back ? ' class="error" role="alert"' : ''}>${esc(message)}</p>${back ? `<p><a href="${esc(back)}">Back to your offer</a></p>` : ''}</main></body></html>`;
}

const parseUpload = (req: Request, res: Response) =>
  new Promise<{ problem: string; status: number } | null>((resolve) => {
    upload(req, res, (error: unknown) => {
      if (!error) return resolve(null);
      if (error instanceof multer.MulterError && error.code === 'LIMIT_FILE_SIZE') return resolve({ problem: OnboardingMessages.tooLarge, status: 413 });
      resolve({ problem: OnboardingMessages.unreadableForm, status: 400 });
    });
  });

onboardingPublicRouter.post(OfferPublicPaths.uploadDocument, uploadLimit, async (req, res) => {
  const token = String(req.params.token);
  const offer = await findOfferByToken(token);
  if (!offer) return sendHtml(res, 404, page({ companyName: '', title: 'Offer link not found', message: OfferMessages.linkInvalid }));
  const company = await Customer.findById(offer.customerId, { name: 1 }).lean();
  const companyName = company?.name ?? '';
  const back = `${offerPublicPath(encodeURIComponent(token))}#onboarding`;
  const fail = (status: number, message: string) => sendHtml(res, status, page({ companyName, title: 'The document was not uploaded', message, back }));
  if (!isOnboardingOffer(offer)) return fail(409, OnboardingMessages.noAcceptedOffer);
  const parseProblem = await parseUpload(req, res);
  if (parseProblem) return fail(parseProblem.status, parseProblem.problem);
  const documentId = String(req.params.documentId);
  try {
    await uploadOnboardingDocument({ config: req.app.locals.config, logger: req.log }, { offer, documentId, file: req.file as UploadedFile | undefined });
  } catch (error) {
    if (error instanceof UploadRefused) return fail(error.status, error.message);
    throw error;
  }
  res.redirect(303, `${offerPublicPath(encodeURIComponent(token))}?uploaded=${encodeURIComponent(documentId)}#document-${encodeURIComponent(documentId)}`);
});

/** Too many uploads from one address: said on a page, not as JSON (this path only: the router sits at the root). */
onboardingPublicRouter.use(OfferPublicPaths.uploadDocument, (error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (!(error instanceof AppError) || error.status !== 429) return next(error);
  sendHtml(res, 429, page({ companyName: '', title: 'Too many attempts', message: error.message }));
});
