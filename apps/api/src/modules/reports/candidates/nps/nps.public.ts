import express, { Router, type NextFunction, type Request, type Response } from 'express';
import { ReportMessages } from '@hireflow/contracts/reports';
import { AppError } from '../../../../lib/app-error';
import { clockOf } from '../../../../lib/clock';
import { limitByIp } from '../../../../lib/rate-limit';
import { brandOf } from '../../../company/brand';
import type { NpsSurveyDoc } from './nps-survey.model';
import { answerSurvey, findSurveyByToken, surveyState } from './nps.service';
import { renderSurveyPage, renderSurveyProblem, renderSurveyThanks, type SurveyPageInfo } from './nps.render';

/**
 * The candidate's NPS survey at /survey/:token (outside /api): plain HTML, no sign-in, no script. The form
 * posts back to the same address; the token in it is the only credential (no cookie a forged cross-site post
 * could ride on), and the page's CSP allows forms to post to this site only. Answered once.
 */
export const npsPublicRouter = Router();

const pageLimit = limitByIp({ name: 'ip-survey-page', max: 120, windowSeconds: 15 * 60 });
const answerLimit = limitByIp({ name: 'ip-survey-answer', max: 20, windowSeconds: 15 * 60 });
const parseForm = express.urlencoded({ extended: false, limit: '32kb', parameterLimit: 10 });

const sendHtml = (res: Response, status: number, html: string) => {
  res.status(status).type('html').setHeader('Cache-Control', 'no-store');
  res.send(html);
};
const nowOf = (req: Request) => new Date(clockOf(req).now());

/** The survey and its page details; answers the unknown and expired pages itself (null then). */
async function load(req: Request, res: Response): Promise<{ survey: NpsSurveyDoc; info: SurveyPageInfo; action: string } | null> {
  const token = String(req.params.token);
  const survey = await findSurveyByToken(token);
  if (!survey) {
    sendHtml(res, 404, renderSurveyProblem({ companyName: '', title: 'Survey not found', message: ReportMessages.surveyUnknown }));
    return null;
  }
  const brand = await brandOf(survey.customerId, req.app.locals.config.publicUrl);
  const info = { companyName: brand?.name ?? '', jobTitle: survey.jobTitle, brand };
  if (surveyState(survey, nowOf(req)) === 'expired') {
    sendHtml(res, 410, renderSurveyProblem({ companyName: info.companyName, brand, title: 'Survey closed', message: ReportMessages.surveyExpired }));
    return null;
  }
  return { survey, info, action: `/survey/${encodeURIComponent(token)}` };
}

npsPublicRouter.get('/:token', pageLimit, async (req, res) => {
  const page = await load(req, res);
  if (!page) return;
  if (surveyState(page.survey, nowOf(req)) === 'answered') return sendHtml(res, 200, renderSurveyThanks({ companyName: page.info.companyName, brand: page.info.brand, message: ReportMessages.surveyUsed }));
  sendHtml(res, 200, renderSurveyPage({ info: page.info, action: page.action }));
});

npsPublicRouter.post('/:token', answerLimit, parseForm, async (req, res) => {
  const page = await load(req, res);
  if (!page) return;
  const outcome = await answerSurvey(page.survey, (req.body ?? {}) as Record<string, unknown>, nowOf(req));
  if (outcome.ok) return sendHtml(res, 201, renderSurveyThanks({ companyName: page.info.companyName, brand: page.info.brand, message: ReportMessages.surveyThanks }));
  if ('error' in outcome) return sendHtml(res, 400, renderSurveyPage({ info: page.info, action: page.action, error: outcome.error, score: outcome.score, comment: outcome.comment }));
  if (outcome.state === 'expired') return sendHtml(res, 410, renderSurveyProblem({ companyName: page.info.companyName, brand: page.info.brand, title: 'Survey closed', message: ReportMessages.surveyExpired }));
  sendHtml(res, 409, renderSurveyThanks({ companyName: page.info.companyName, brand: page.info.brand, message: ReportMessages.surveyUsed }));
});

/** Too many requests from one address: said on a page like the others, not as JSON. */
npsPublicRouter.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
  if (!(error instanceof AppError) || error.status !== 429) return next(error);
  sendHtml(res, 429, renderSurveyProblem({ companyName: '', title: 'Too many attempts', message: error.message }));
});
