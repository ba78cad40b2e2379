import { Router, type Request, type Response } from 'express';
import multer from 'multer';
import { z } from 'zod';
import { ZEmail, ZMobile } from '@hireflow/contracts/common';
import { CandidateValidation, ResumeUpload, ZApplicantName, ZOptionalPhone, zApplicantAnswer } from '@hireflow/contracts/candidates';
import { CareerSitePaging, type TApplyForm, type TApplyQuestion } from '@hireflow/contracts/careers';
import { YesNoAnswers } from '@hireflow/contracts/candidates-questions';
import { AppError } from '../../lib/app-error';
import { limitByIp } from '../../lib/rate-limit';
import { describeZodError } from '../../lib/validate';
import { createCaptcha, verifyCaptcha } from '../auth/captcha.service';
import type { CustomerDoc } from '../org/customer.model';
import type { JobDoc } from '../jobs/job.model';
import { ResumeMessages, checkResume, resumeProblemStatus, type UploadedFile } from '../files/resume-check';
import { applyToJob, mailApplicationReceived } from '../candidates/applications/apply.service';
import { careerSiteOf, findPublicCompany, findPublishedJob, listPublishedJobs, listPublishedJobsPage } from './careers.service';
import { brandFrom } from '../company/brand';
import { renderApplied, renderFeed, renderJobList, renderJobPage, renderNotFound, type ApplyValues } from './careers.render';

/** The public career site, mounted at /careers (outside /api): plain HTML, no sign-in, no script. */
export const careersPublicRouter = Router();

const upload = multer({
  storage: multer.memoryStorage(),
  limits: { fileSize: ResumeUpload.maxBytes, files: 1, fields: 40, fieldSize: 8 * 1024, parts: 45 },
}).single('resume');

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};
const baseUrlOf = (req: Request) => req.app.locals.config.publicUrl as string;

/** A typed question's answer (questions from the bank): yes or no, a number, or one of the options. */
function typedAnswerFits(q: TApplyQuestion, answer: string) {
  if (q.type === 'yes_no') return (YesNoAnswers as readonly string[]).includes(answer);
  if (q.type === 'number') return /^-?\d+(\.\d+)?$/.test(answer) && Number.isFinite(Number(answer));
  if (q.type === 'single_choice') return (q.options ?? []).includes(answer);
  return true;
}
const typedAnswerMessage = (q: TApplyQuestion) =>
  q.type === 'yes_no' ? `Please answer "${q.label}" with yes or no` : q.type === 'number' ? `The answer to "${q.label}" must be a number` : `Please pick one of the options for "${q.label}"`;

const ConsentMissing = 'Please agree that we store your details to consider your application';

/** `requireConsent` (privacy settings): the consent box must be ticked; otherwise it may be left empty. */
function applicationSchema(form: TApplyForm, requireConsent: boolean) {
  const answers = Object.fromEntries(
    form.questions.map((q) => {
      const missing = `"${q.label}" needs an answer`;
      const text = zApplicantAnswer({ error: missing }).max(CandidateValidation.maxAnswerLength, { error: `The answer to "${q.label}" is too long` });
      return [`q_${q.id}`, q.required ? text.min(1, { error: missing }) : text.optional().default('')];
    }),
  );
  return z.object({
    firstName: ZApplicantName,
    lastName: ZApplicantName,
    email: ZEmail,
    phone: form.phone === 'required' ? ZMobile : form.phone === 'optional' ? ZOptionalPhone : z.any().optional().transform(() => undefined),
    consent: requireConsent ? z.literal('yes', { error: ConsentMissing }) : z.literal('yes', { error: ConsentMissing }).optional(),
    captchaId: z.string().max(100).default(''),
    captchaText: z.string().max(20).default(''),
    ...answers,
  }).superRefine((data, ctx) => {
    // Typed questions (from the bank) take only what their type allows; an unanswered optional one passes.
    for (const q of form.questions) {
      const answer = (data as Record<string, unknown>)[`q_${q.id}`];
      if (typeof answer === 'string' && answer && !typedAnswerFits(q, answer)) ctx.addIssue({ code: 'custom', path: [`q_${q.id}`], message: typedAnswerMessage(q) });
    }
  });
}

const fieldNames: Record<string, string> = { firstName: 'First name', lastName: 'Last name', email: 'Email', phone: 'Phone' };
function friendly(message: string) {
  const [field, ...rest] = message.split(': ');
  return rest.length && fieldNames[field] ? `${fieldNames[field]} ${rest.join(': ')}` : rest.length && field.startsWith('q_') ? rest.join(': ') : message;
}

type SiteCompany = CustomerDoc & { brand: ReturnType<typeof brandFrom> };

/** The company of the site, with its brand (logo, colour, about, address) for the pages. */
async function loadCompany(req: Request, res: Response): Promise<SiteCompany | null> {
  const company = await findPublicCompany(String(req.params.slug));
  if (!company) {
    sendHtml(res, 404, renderNotFound('Career site'));
    return null;
  }
  return { ...company, brand: brandFrom(company, baseUrlOf(req)) };
}

/** ?page=N of the public list; anything that is not a plain page number is page 1. */
function pageOf(req: Request) {
  const raw = typeof req.query.page === 'string' ? req.query.page : '';
  const page = /^[1-9][0-9]{0,4}$/.test(raw) ? Number(raw) : 1;
  return Math.min(page, CareerSitePaging.maxPage);
}

careersPublicRouter.get('/:slug', async (req, res) => {
  const company = await loadCompany(req, res);
  if (!company) return;
  const [{ intro }, list] = await Promise.all([careerSiteOf(company._id), listPublishedJobsPage(company._id, pageOf(req), req.signal)]);
  if (list.page > list.pageCount) return sendHtml(res, 404, renderNotFound('Page'));
  res.setHeader('Cache-Control', 'public, max-age=60');
  res.type('html').send(renderJobList({ company, intro, jobs: list.jobs, places: list.locations, paging: { page: list.page, pageCount: list.pageCount, total: list.total }, baseUrl: baseUrlOf(req) }));
});

careersPublicRouter.get('/:slug/feed.xml', async (req, res) => {
  const company = await loadCompany(req, res);
  if (!company) return;
  const { jobs, locations } = await listPublishedJobs(company._id);
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.type('application/rss+xml').send(renderFeed({ company, jobs, places: locations, baseUrl: baseUrlOf(req) }));
});

async function renderJob(req: Request, res: Response, status: number, page: { company: SiteCompany; job: JobDoc; location: unknown; form: TApplyForm }, extra: { values?: ApplyValues; error?: string } = {}) {
  const captcha = await createCaptcha(req.app.locals.config);
  sendHtml(res, status, renderJobPage({ company: page.company, job: page.job, place: page.location as never, form: page.form, captcha, baseUrl: baseUrlOf(req), ...extra }));
}

async function loadJobPage(req: Request, res: Response) {
  const company = await loadCompany(req, res);
  if (!company) return null;
  const found = await findPublishedJob(company._id, String(req.params.jobId));
  if (!found) {
    sendHtml(res, 404, renderNotFound('Job'));
    return null;
  }
  const { applyForm } = await careerSiteOf(company._id);
  return { company, job: found.job, location: found.location, form: applyForm };
}

careersPublicRouter.get('/:slug/:jobId', async (req, res) => {
  const page = await loadJobPage(req, res);
  if (page) await renderJob(req, res, 200, page);
});

const parseUpload = (req: Request, res: Response) =>
  new Promise<string | null>((resolve) => {
    upload(req, res, (error: unknown) => {
      if (!error) return resolve(null);
      if (error instanceof multer.MulterError) return resolve(error.code === 'LIMIT_FILE_SIZE' ? ResumeMessages.tooLarge : 'The form could not be read. Please try again.');
      resolve('The form could not be read. Please try again.');
    });
  });

careersPublicRouter.post('/:slug/:jobId/apply', limitByIp({ name: 'ip-career-apply', max: 20, windowSeconds: 15 * 60 }), async (req, res) => {
  const page = await loadJobPage(req, res);
  if (!page) return;
  const uploadProblem = await parseUpload(req, res);
  const body = (req.body ?? {}) as Record<string, string>;
  const values: ApplyValues = {
    firstName: body.firstName,
    lastName: body.lastName,
    email: body.email,
    phone: body.phone,
    answers: Object.fromEntries(page.form.questions.map((q) => [q.id, body[`q_${q.id}`] ?? ''])),
    consent: body.consent === 'yes',
  };
  const fail = (status: number, error: string) => renderJob(req, res, status, page, { values, error });
  if (uploadProblem) return fail(uploadProblem === ResumeMessages.tooLarge ? 413 : 400, uploadProblem);

  const requireConsent = page.company.privacy?.requireConsent ?? true;
  const parsed = applicationSchema(page.form, requireConsent).safeParse(body);
  if (!parsed.success) return fail(400, friendly(describeZodError(parsed.error)));
  const file = (req.file as UploadedFile | undefined) ?? null;
  if (page.form.resume === 'required' && !file) return fail(400, 'Please attach your resume (PDF or DOCX).');
  const resumeProblem = file && page.form.resume !== 'hidden' ? await checkResume(file) : null;
  if (resumeProblem) return fail(resumeProblemStatus(resumeProblem), resumeProblem);

  const data = parsed.data as Record<string, string | undefined>;
  let applied: Awaited<ReturnType<typeof applyToJob>>;
  try {
    await verifyCaptcha(req.app.locals.config, { captchaId: data.captchaId ?? '', captchaText: data.captchaText ?? '' });
    applied = await applyToJob({
      customerId: page.company._id,
      job: page.job,
      input: {
        firstName: data.firstName!,
        lastName: data.lastName!,
        email: data.email!,
        phone: data.phone,
        answers: page.form.questions.map((q) => ({ questionId: q.id, label: q.label, answer: data[`q_${q.id}`] ?? '' })),
      },
      resume: page.form.resume === 'hidden' ? null : file,
      source: 'career_site',
      consent: { given: data.consent === 'yes' },
    });
  } catch (error) {
    if (error instanceof AppError && error.status < 500) return fail(error.status, error.message);
    throw error;
  }
  await mailApplicationReceived({ config: req.app.locals.config, logger: req.log }, { to: data.email!, firstName: data.firstName!, jobTitle: page.job.title, companyName: page.company.name, customerId: page.company._id, jobId: page.job._id, applicationId: applied.applicationId, candidateId: applied.candidateId });
  sendHtml(res, 201, renderApplied({ company: page.company, job: page.job, baseUrl: baseUrlOf(req) }));
});
