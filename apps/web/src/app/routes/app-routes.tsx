import { Navigate, Outlet, matchRoutes, type RouteObject } from 'react-router-dom';
import { Paths } from '@hireflow/contracts/routes';
import { HomeRedirect, RedirectSignedIn, RequireAuth } from '@/app/guards/guards';
import { ErrorScreen, ShellErrorScreen } from '@/app/screens/error-screen';
import { LoadingScreen } from '@/app/screens/loading-screen';
import { NotFoundContent } from '@/app/screens/not-found';
import { loadAppShell } from '@/app/shell/load-app-shell';
import { NotFoundFrame } from './errors/not-found-frame';
import { publicRoutes, signedOutRoutes } from './auth/auth.routes';
import { devRoutes } from './dev/dev.routes';
import { dashboardRoutes } from './dashboard/dashboard.routes';
import { superadminRoutes } from './superadmin/superadmin.routes';
import { jobsRoutes } from './jobs/jobs.routes';
import { databaseRoutes } from './database/database.routes';
import { companySettingsRoutes } from './company-settings/company-settings.routes';
import { userPreferencesRoutes } from './user-preferences/user-preferences.routes';
import { databaseCampaignRoutes } from './database-campaign/database-campaign.routes';
import { candidateRoutes } from './candidate/candidate.routes';
import { applicationRoutes } from './application/application.routes';
import { databasePinnedProfilesRoutes } from './database-pinned-profiles/database-pinned-profiles.routes';
import { speedScreeningRoutes } from './speed-screening/speed-screening.routes';
import { workflowStageRoutes } from './workflow/workflow-stage.routes';
import { workflowRoutes } from './workflow/workflow.routes';
import { interviewFeedbackRoutes } from './interviewfeedback/interviewfeedback.routes';
import { offerApprovalRoutes } from './offer-approval/offer-approval.routes';
import { referralRoutes } from './employee-referral/referrals.routes';
import { agencyApprovalRoutes } from './agency-approval/agency-approval.routes';
import { connectCallbackRoutes, signInCallbackRoutes } from './oauth-callbacks/oauth-callbacks.routes';
import { agencyPortalRoutes } from './applied-by-agencies/agency-portal.routes';
import { reportsRoutes } from './reports/reports.routes';
import { billingRoutes } from './billing/billing.routes';

/**
 * Pages inside the signed-in app shell, one route table per area. Adding an area is one import and
 * one line here; its nav entry (src/app/shell/nav-items.ts) appears once its path is registered.
 * Route tables ship in the entry bundle that /login loads: import only paths, guards and lazyPage
 * there (no zod schemas, no components), so every page's code stays in its own chunk.
 */
const shellRoutes: RouteObject[] = [
  ...dashboardRoutes,
  ...superadminRoutes,
  ...companySettingsRoutes,
  ...userPreferencesRoutes,
  ...jobsRoutes,
  ...databaseCampaignRoutes,
  ...databaseRoutes,
  ...candidateRoutes,
  ...applicationRoutes,
  ...databasePinnedProfilesRoutes,
  ...speedScreeningRoutes,
  ...workflowStageRoutes,
  ...workflowRoutes,
  ...interviewFeedbackRoutes,
  ...offerApprovalRoutes,
  ...referralRoutes,
  ...agencyApprovalRoutes,
  ...reportsRoutes,
  ...billingRoutes,
];

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    element: <Outlet />,
    errorElement: <ErrorScreen />,
    hydrateFallbackElement: <LoadingScreen />,
    children: [
      { path: Paths.home, element: <HomeRedirect /> },
      { element: <RedirectSignedIn />, children: signedOutRoutes },
      ...publicRoutes,
      ...signInCallbackRoutes,
      ...connectCallbackRoutes,
      ...agencyPortalRoutes,
      ...devRoutes,
      {
        element: <RequireAuth />,
        children: [
          {
            lazy: async () => ({ Component: (await loadAppShell()).default }),
            children: [{ errorElement: <ShellErrorScreen />, children: shellRoutes }],
          },
        ],
      },
      {
        element: <NotFoundFrame />,
        children: [
          { path: Paths.notFound404, element: <NotFoundContent /> },
          { path: Paths.notFound, element: <NotFoundContent /> },
        ],
      },
      { path: '*', element: <Navigate to={Paths.notFound404} replace /> },
    ],
  },
];

/** True when a page is registered for this URL (the catch-all does not count). */
export function isRegisteredPath(pathname: string): boolean {
  const matches = matchRoutes(appRoutes, pathname);
  const deepest = matches?.[matches.length - 1];
  return Boolean(deepest && deepest.route.path !== '*');
}
