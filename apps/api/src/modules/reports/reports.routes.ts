import { Router, type Request } from 'express';
import { z } from 'zod';
import { PlatformReportNames, ReportMessages, ReportNames, ReportsApi, ZRebuildTallies, ZReportQuery, ZTatSettings, type TRebuildTallies, type TAnyReportName, type TTatSettings } from '@hireflow/contracts/reports';
import { CompanySettingsPages } from '@hireflow/contracts/settings';
import { authOf, requireAuth, requireRight, requireSuperAdmin, tenantOf } from '../../lib/auth';
import { AppError } from '../../lib/app-error';
import { clockOf } from '../../lib/clock';
import { validate } from '../../lib/validate';
import { companyScope, platformScope, runReport, type ReportQuery } from './reports.service';
import { reportsOverview } from './overview/overview.service';
import { platformReportsOverview } from './platform/platform-overview.service';
import { startReportExport } from './report-export';
import { getTatSettings, saveTatSettings } from './tat/tat.service';
import { startTalliesRebuild } from './tallies/rebuild-job';
import { requirePlanFeature } from '../billing/plans';

const path = (p: string) => p.replace(/^\/api/, '');
const now = (req: Request) => new Date(clockOf(req).now());

/** Reports of a company (right viewReports, on the server as in the SPA) and of the platform (super admin). */
export const reportsRouter = Router();

const companyReports = new Set<string>(ReportNames);
const allReports = new Set<string>([...ReportNames, ...PlatformReportNames]);
const ZNameParams = z.object({ name: z.string().max(60) });

/** The report named in the URL, or 404 (an unknown name is not a bad request: there is no such page). */
function reportName(req: Request, known: Set<string>): TAnyReportName {
  const name = String(req.params.name);
  if (!known.has(name)) throw new AppError('not_found', { status: 404, message: ReportMessages.unknownReport });
  return name as TAnyReportName;
}

/** A company user's query: the company is theirs, never one they name. */
function companyQuery(req: Request): ReportQuery {
  const query = req.query as unknown as ReportQuery;
  if (query.companyId) throw AppError.badRequest('companyId: only the platform reports take a company');
  return query;
}

// A company's reports are a plan feature (every plan has it now; the trial opens it too).
const viewReports = [requireAuth, requireRight('viewReports'), requirePlanFeature('reports')];

reportsRouter.get(path(ReportsApi.overview), ...viewReports, async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await reportsOverview(tenantOf(req), now(req)));
});

reportsRouter.get(path(ReportsApi.report), ...viewReports, validate({ params: ZNameParams, query: ZReportQuery }), async (req, res) => {
  const name = reportName(req, companyReports);
  res.setHeader('Cache-Control', 'no-store');
  res.json(await runReport({ name, scope: companyScope(tenantOf(req)), query: companyQuery(req), now: now(req) }));
});

reportsRouter.post(path(ReportsApi.export), ...viewReports, validate({ params: ZNameParams, query: ZReportQuery }), async (req, res) => {
  const name = reportName(req, companyReports);
  tenantOf(req);
  res.status(202).json(await startReportExport({ config: req.app.locals.config, name, query: companyQuery(req), actor: authOf(req).user, platform: false }));
});

reportsRouter.get(path(ReportsApi.tatSettings), requireAuth, requireRight(CompanySettingsPages.tatsettings), async (req, res) => {
  res.json(await getTatSettings(tenantOf(req)));
});

reportsRouter.put(path(ReportsApi.tatSettings), requireAuth, requireRight(CompanySettingsPages.tatsettings), validate({ body: ZTatSettings }), async (req, res) => {
  res.json(await saveTatSettings(tenantOf(req), req.body as TTatSettings, authOf(req).user));
});

// The platform: every company, or the one chosen with ?companyId=.
const superAdmin = [requireAuth, requireSuperAdmin];

// The repair: rebuild the maintained report figures of one company or all (before /:name routes take "rebuild").
reportsRouter.post(path(ReportsApi.rebuild), ...superAdmin, validate({ body: ZRebuildTallies }), async (req, res) => {
  res.status(202).json(await startTalliesRebuild({ companyId: (req.body as TRebuildTallies).companyId, actor: authOf(req).user }));
});

reportsRouter.get(path(ReportsApi.superadminOverview), ...superAdmin, async (req, res) => {
  res.setHeader('Cache-Control', 'no-store');
  res.json(await platformReportsOverview(now(req)));
});

reportsRouter.get(path(ReportsApi.superadminReport), ...superAdmin, validate({ params: ZNameParams, query: ZReportQuery }), async (req, res) => {
  const name = reportName(req, allReports);
  const query = req.query as unknown as ReportQuery;
  res.setHeader('Cache-Control', 'no-store');
  res.json(await runReport({ name, scope: platformScope(query.companyId), query, now: now(req) }));
});

reportsRouter.post(path(ReportsApi.superadminExport), ...superAdmin, validate({ params: ZNameParams, query: ZReportQuery }), async (req, res) => {
  const name = reportName(req, allReports);
  res.status(202).json(await startReportExport({ config: req.app.locals.config, name, query: req.query as unknown as ReportQuery, actor: authOf(req).user, platform: true }));
});
