// SPA route paths of SPEC section 2. The router registers a path only once its page is real.
export const Paths = {
  home: '/',
  login: '/login',
  employeeSignup: '/employee-signup',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verify: '/verify',
  verifyDomain: '/verify-domain',
  stop: '/stop',
  pendingVerification: '/pendingverification',
  onboarding: '/onboarding',
  userOptions: '/user-options',
  logout: '/logout',
  notFound404: '/404',
  notFound: '/notFound',

  outlookSigninAuth: '/outlooksigninauth',
  googleSignin: '/googleSignin',
  outlookSignupAuth: '/outlooksignupauth',
  googleSignup: '/googleSignup',
  gmailAuth: '/gmailAuth',
  outlookAuth: '/outlookauth',
  calenderAuth: '/calenderAuth',
  googleCalender: '/googleCalender',
  outlookCalender: '/outlookcalender',

  agenciesLogin: '/agencies-login/:customerslug/:agencyid',
  appliedByAgencies: '/applied-by-agencies',

  dashboard: '/dashboard',
  databasePinnedProfiles: '/database-pinned-profiles',
  database: '/database',
  databaseCampaign: '/database-campaign',
  speedScreening: '/speed-screening',
  workflow: '/workflow',
  workflowStage: '/workflow/:stage',
  jobs: '/jobs',
  jobsMine: '/jobs/mine',
  jobsAll: '/jobs/all',
  jobsType: '/jobs/:type',
  createRequisition: '/create-requisition',
  referralCampaign: '/referral-campaign',
  referralRewards: '/referral-rewards',
  myReferrals: '/my-referrals',
  billing: '/billing',
  detail: '/:type/:id',
  /** The generic detail page for type candidate and type application. */
  candidate: '/candidate/:id',
  application: '/application/:id',
  interviewFeedback: '/interviewfeedback/:interviewId',
  interviewFeedbackAll: '/interviewfeedback-all',
  /** Interviewer calibration (admins and hiring managers), reached from /interviewfeedback-all. */
  interviewFeedbackCalibration: '/interviewfeedback-all/calibration',
  vacancyApproval: '/vacancy-approval/:vacancyId',
  vacancyApprovalAll: '/vacancy-approval-all',
  employeeReferral: '/employee-referral/:positionId',
  agencyApproval: '/agency-approval/:agencyId',
  offerApproval: '/offer-approval/:offerId',
  offerApprovalAll: '/offer-approval-all',

  reports: '/reports',
  report: '/reports/:name',
  companySettings: '/company-settings',
  companySettingsPage: '/company-settings/:page/:subpage?',
  userPreferences: '/user-preferences',
  userPreferencesPage: '/user-preferences/:page',
  superadmin: '/superadmin',
  superadminPage: '/superadmin/:page',
  superadminCompanies: '/superadmin/companies',
  superadminCompany: '/superadmin/companies/:id',
  superadminUsers: '/superadmin/users',
  superadminPromos: '/superadmin/promos',
  superadminSpotlight: '/superadmin/spotlight',
  superadminReports: '/superadmin/reports',
  superadminReport: '/superadmin/reports/:name',

  devMailbox: '/dev/mailbox',
} as const;

export const ReportPages = [
  'current-pipeline', 'source-activity', 'recruiter-activity', 'interview-evaluation',
  'interview-didnothappen', 'usage', 'nps', 'interview-scheduled', 'interview-completed',
  'interview-incident', 'vacancy-analysis', 'candidate-timeline', 'history-pipeline',
  'vacancy-ageing', 'job-activity', 'velocity', 'bottleneck', 'hiring-team', 'time-to-hire',
  'reject-analysis',
] as const;

export const UserPreferencePages = ['profile', 'preferences', 'myintegrations'] as const;
export const SuperadminPages = ['companies', 'users', 'promos', 'spotlight', 'reports'] as const;

/** Fills `:param` placeholders of a path. */
export function buildPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)\??/g, (_, key: string) => encodeURIComponent(params[key] ?? ''))
    .replace(/\/+$/, '') || '/';
}
