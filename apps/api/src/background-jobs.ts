import type { Logger } from 'pino';
import type { Config } from './config';
import { JobWorker, type JobDefinition } from './lib/job-queue';
import { MailJob } from './lib/mailer';
import { InviteImportedUserJob } from './modules/users/user-invitation';
import { UsersExportJob } from './modules/users/users-export';
import { ExpireExportFileJob } from './modules/exports/exports.service';
import { CampaignBatchJob } from './modules/candidates/campaigns/campaign-sending';
import { ResumeExtractJob } from './modules/candidates/resumes/resume-extract.job';
import { CandidateImportJob } from './modules/candidates/intake/import-candidates';
import { CandidatesExportJob } from './modules/candidates/bulk/candidates-export';
import { PipelineMailJob } from './modules/pipeline/mail/pipeline-mail.job';
import { StageAutomationJob } from './modules/pipeline/automations/stage-automation.job';
import { FeedbackRemindersJob } from './modules/interviews/feedback/feedback-reminders.job';
import { OfferSweepsJob } from './modules/offers/offer-sweeps.job';
import { OfferAcceptedJob } from './modules/offers/public/offer-accepted.job';
import { ReferralCampaignSendJob } from './modules/referrals/campaigns/campaign-send.job';
import { RewardSweepJob } from './modules/referrals/rewards/reward-sweep.job';
import { RewardHiredNoticeJob } from './modules/referrals/rewards/reward-notices';
import { CalendarSyncJob } from './modules/integrations/calendar/calendar-events.job';
import { ReportExportJob } from './modules/reports/report-export';
import { RebuildTalliesJob } from './modules/reports/tallies/rebuild-job';
import { NpsSurveyJob } from './modules/reports/candidates/nps/nps-survey.job';
import { WebhookDeliveryJob } from './modules/api-access/webhooks/deliver-webhook.job';
import { MonthlyInvoicesJob } from './modules/billing/invoices/invoice-generation';
import { privacyJobs } from './modules/privacy/privacy.jobs';

/** Every kind of background work the API runs (lib/job-queue); a worker claims only the names listed here. */
export const backgroundJobs: JobDefinition[] = [MailJob, InviteImportedUserJob, UsersExportJob, ExpireExportFileJob, ResumeExtractJob, CampaignBatchJob, CandidateImportJob, CandidatesExportJob, PipelineMailJob, StageAutomationJob, FeedbackRemindersJob, OfferSweepsJob, OfferAcceptedJob, ReferralCampaignSendJob, RewardSweepJob, RewardHiredNoticeJob, CalendarSyncJob, ReportExportJob, RebuildTalliesJob, NpsSurveyJob, WebhookDeliveryJob, MonthlyInvoicesJob, ...privacyJobs];

/** The worker of this API instance: polls for due jobs of every kind above (or only of those given) until stopped. */
export function startBackgroundWorker({ config, logger, definitions = backgroundJobs }: { config: Config; logger: Logger; definitions?: JobDefinition[] }) {
  return new JobWorker({ definitions, config, logger }).start();
}
