import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { InterviewMessages } from '@hireflow/contracts/interviews';
import { SelfScheduleMessages } from '@hireflow/contracts/interviews-scheduling';
import { AppError } from '../../../lib/app-error';
import { clockOf } from '../../../lib/clock';
import { limitByIp } from '../../../lib/rate-limit';
import { brandOf } from '../../company/brand';
import { Job } from '../../jobs/job.model';
import type { SelfScheduleLinkDoc } from './self-schedule-link.model';
import { bookThroughLink, findLinkByToken, linkProblem, pageTimeZone, slotsOfLink, SlotTaken } from './self-scheduling.service';
import { renderBooked, renderLinkProblem, renderSlotPage, type SchedulePageInfo } from './self-scheduling.render';

/**
 * The candidate's self-scheduling page at /schedule/:token (outside /api): plain HTML, no sign-in, no script.
 * The form posts back to the same address; the token in it is the only credential (no cookie a forged
 * cross-site post could ride on), and the page's CSP allows forms to post to this site only.
 */
export const selfSchedulePublicRouter = Router();

const pageLimit = limitByIp({ name: 'ip-self-schedule-page', max: 120, windowSeconds: 15 * 60 });
const bookLimit = limitByIp({ name: 'ip-self-schedule-book', max: 20, windowSeconds: 15 * 60 });
const parseForm = express.urlencoded({ extended: false, limit: '4kb', parameterLimit: 10 });

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};
const nowOf = (req: Request) => new Date(clockOf(req).now());

/** The link and what the page says about it; answers the not-found, expired or used page itself (null then). */
async function loadPage(req: Request, res: Response): Promise<{ link: SelfScheduleLinkDoc; info: SchedulePageInfo; action: string } | null> {
  const token = String(req.params.token);
  const link = await findLinkByToken(token);
  if (!link) {
    sendHtml(res, 404, renderLinkProblem({ companyName: '', title: 'Scheduling link not found', message: 'This scheduling link does not exist. Please check the address in your email.' }));
    return null;
  }
  const [brand, job] = await Promise.all([
    brandOf(link.customerId, req.app.locals.config.publicUrl),
    Job.findOne({ customerId: link.customerId, _id: link.jobId }, { title: 1 }).lean(),
  ]);
  const companyName = brand?.name ?? '';
  const problem = linkProblem(link, nowOf(req));
  if (problem) {
    const title = problem === InterviewMessages.linkUsed ? 'This link has already been used' : 'This link has expired';
    sendHtml(res, 410, renderLinkProblem({ companyName, title, message: problem, brand }));
    return null;
  }
  const info = { companyName, jobTitle: job?.title ?? '', roundName: link.roundName, durationMinutes: link.durationMinutes, mode: link.mode as SchedulePageInfo['mode'], brand };
  return { link, info, action: `/schedule/${encodeURIComponent(token)}` };
}

async function renderSlots(req: Request, res: Response, page: NonNullable<Awaited<ReturnType<typeof loadPage>>>, timeZone: string, status = 200, error?: string) {
  const { slots } = await slotsOfLink(page.link, timeZone, nowOf(req));
  sendHtml(res, status, renderSlotPage({ info: page.info, action: page.action, timeZone, slots, error }));
}

selfSchedulePublicRouter.get('/:token', pageLimit, async (req, res) => {
  const page = await loadPage(req, res);
  if (page) await renderSlots(req, res, page, pageTimeZone(req.query.tz, page.link.timeZone));
});

selfSchedulePublicRouter.post('/:token', bookLimit, parseForm, async (req, res) => {
  const page = await loadPage(req, res);
  if (!page) return;
  const form = (req.body ?? {}) as Record<string, unknown>;
  const timeZone = pageTimeZone(form.tz, page.link.timeZone);
  const slot = typeof form.slot === 'string' ? form.slot : '';
  if (!slot) return renderSlots(req, res, page, timeZone, 400, SelfScheduleMessages.pickSlot);
  try {
    const booked = await bookThroughLink({ now: nowOf(req), publicUrl: req.app.locals.config.publicUrl, mail: { config: req.app.locals.config, logger: req.log } }, page.link, slot, timeZone);
    sendHtml(res, 201, renderBooked({ info: page.info, start: booked.interview.start, timeZone }));
  } catch (error) {
    if (error instanceof SlotTaken) return renderSlots(req, res, page, timeZone, 409, SelfScheduleMessages.slotTaken);
    if (error instanceof AppError && error.message === InterviewMessages.linkUsed) {
      return sendHtml(res, 410, renderLinkProblem({ companyName: page.info.companyName, brand: page.info.brand, title: 'This link has already been used', message: InterviewMessages.linkUsed }));
    }
    if (error instanceof AppError && error.status < 500) {
      return sendHtml(res, 410, renderLinkProblem({ companyName: page.info.companyName, brand: page.info.brand, title: 'This link no longer works', message: 'This scheduling link can no longer be used. Please ask the recruiter for a new one.' }));
    }
    throw error;
  }
});

/** Too many requests from one address: said on a page like the others, not as JSON. */
selfSchedulePublicRouter.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (!(error instanceof AppError) || error.status !== 429) return next(error);
  sendHtml(res, 429, renderLinkProblem({ companyName: '', title: 'Too many attempts', message: error.message }));
});
