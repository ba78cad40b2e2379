import type { TScreeningQuestionType } from '@hireflow/contracts/candidates-questions';
import { Types } from 'mongoose';
import { CareerSitePaging, type TApplyForm, type TApplyFormSettings, type TCareerSiteJobs, type TCareerSiteJobsQuery, type TCareerSiteSettings, type TPublishJobsRequest, type TPublishJobsResult, type TUpdateApplyFormRequest, type TUpdateCareerSiteRequest } from '@hireflow/contracts/careers';
import { Customer, type CustomerDoc } from '../org/customer.model';
import { Location } from '../org/location.model';
import { Job, type JobDoc } from '../jobs/job.model';
import { recordJobActivity } from '../jobs/job-records';
import { withTransaction } from '../jobs/with-transaction';
import { CareerSite } from './career-site.model';
import { cutOffWhenGone } from '../../lib/client-gone';

const DefaultApplyForm: TApplyForm = { phone: 'optional', resume: 'required', questions: [] };

/** The career-site settings; until an admin saves them, the intro written at onboarding. */
export async function careerSiteOf(customerId: Types.ObjectId): Promise<{ intro: string; applyForm: TApplyForm }> {
  const site = await CareerSite.findOne({ customerId }).lean();
  if (!site) {
    const customer = await Customer.findById(customerId, { careerIntro: 1 }).lean();
    return { intro: customer?.careerIntro ?? '', applyForm: DefaultApplyForm };
  }
  return {
    intro: site.intro,
    applyForm: {
      phone: site.applyForm?.phone ?? 'optional',
      resume: site.applyForm?.resume ?? 'required',
      questions: (site.applyForm?.questions ?? []).map((q) => ({
        id: q.id!,
        label: q.label!,
        required: Boolean(q.required),
        // Typed questions came from the question bank; untyped ones are free text, as before it.
        ...(q.type ? { type: q.type as TScreeningQuestionType } : {}),
        ...(q.options?.length ? { options: [...q.options] } : {}),
      })),
    },
  };
}

export async function getCareerSiteSettings({ customerId, publicUrl }: { customerId: Types.ObjectId; publicUrl: string }): Promise<TCareerSiteSettings> {
  const customer = await Customer.findById(customerId, { slug: 1 }).lean();
  const slug = customer?.slug ?? null;
  return { slug, publicUrl: slug ? `${publicUrl}/careers/${slug}` : null, ...(await careerSiteOf(customerId)) };
}

export async function updateCareerSiteSettings({ customerId, actorId, input, publicUrl }: { customerId: Types.ObjectId; actorId: Types.ObjectId; input: TUpdateCareerSiteRequest; publicUrl: string }) {
  await CareerSite.updateOne({ customerId }, { $set: { intro: input.intro, updatedBy: actorId } }, { upsert: true });
  return getCareerSiteSettings({ customerId, publicUrl });
}

/** company-settings/page-customization/apply-form: which fields the public apply form asks. */
export async function getApplyFormSettings({ customerId }: { customerId: Types.ObjectId }): Promise<TApplyFormSettings> {
  return { applyForm: (await careerSiteOf(customerId)).applyForm };
}

export async function updateApplyFormSettings({ customerId, actorId, input }: { customerId: Types.ObjectId; actorId: Types.ObjectId; input: TUpdateApplyFormRequest }) {
  // The first save creates the settings row: keep the intro written at onboarding in it.
  const customer = await Customer.findById(customerId, { careerIntro: 1 }).lean();
  await CareerSite.updateOne({ customerId }, { $set: { applyForm: input.applyForm, updatedBy: actorId }, $setOnInsert: { intro: customer?.careerIntro ?? '' } }, { upsert: true });
  return getApplyFormSettings({ customerId });
}

const ListableStatuses = ['open', 'on_hold', 'draft', 'pending_approval'];
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page of the jobs that can be listed (open, on hold, draft, pending), by title, with whether
 * they are; closed and filled ones are left out. Sorted and searched on the titleLower index.
 */
export async function listCareerSiteJobs({ customerId, query }: { customerId: Types.ObjectId; query: TCareerSiteJobsQuery }): Promise<TCareerSiteJobs> {
  const pageSize = CareerSitePaging.settingsPageSize;
  const filter: Record<string, unknown> = { customerId, status: { $in: ListableStatuses } };
  if (query.q) filter.titleLower = { $regex: escapeRegex(query.q.toLowerCase()) };
  const [jobs, total] = await Promise.all([
    Job.find(filter, { title: 1, status: 1, published: 1, locationId: 1 })
      .sort({ titleLower: 1, _id: 1 })
      .skip((query.page - 1) * pageSize)
      .limit(pageSize)
      .lean(),
    Job.countDocuments(filter),
  ]);
  const locations = await Location.find({ customerId, _id: { $in: jobs.map((j) => j.locationId).filter(Boolean) } }, { name: 1 }).lean();
  const names = new Map(locations.map((l) => [String(l._id), l.name]));
  return {
    items: jobs.map((j) => ({ id: String(j._id), title: j.title, status: j.status, published: Boolean(j.published), location: names.get(String(j.locationId)) ?? '' })),
    total,
    page: query.page,
    pageSize,
  };
}

export async function publishCareerSiteJobs({ customerId, actorId, input }: { customerId: Types.ObjectId; actorId: Types.ObjectId; input: TPublishJobsRequest }): Promise<TPublishJobsResult> {
  return withTransaction(async (session) => {
    let changed = 0;
    for (const [ids, published] of [[input.published, true], [input.unpublished, false]] as const) {
      if (ids.length === 0) continue;
      const objectIds = ids.map((id) => new Types.ObjectId(id));
      const changing = await Job.find({ customerId, _id: { $in: objectIds }, published: !published }, { _id: 1 }).session(session).lean();
      await Job.updateMany({ customerId, _id: { $in: changing.map((j) => j._id) } }, { $set: { published } }, { session });
      for (const job of changing) {
        await recordJobActivity({ customerId, by: actorId, session }, job._id, 'published', published ? 'Listed on the career site' : 'Removed from the career site');
      }
      changed += changing.length;
    }
    return { changed };
  });
}

// ---------- Public side (no sign-in): only authorised, active companies and open, published jobs ----------

export async function findPublicCompany(slug: string): Promise<CustomerDoc | null> {
  if (!/^[a-z0-9-]{1,40}$/.test(slug)) return null;
  return Customer.findOne({ slug, isAuthorized: true, status: 'active' }).lean<CustomerDoc>();
}

const publishedFilter = (customerId: Types.ObjectId) => ({ customerId, published: true, status: 'open' as const });

async function withLocations(customerId: Types.ObjectId, jobs: JobDoc[]) {
  const locations = await Location.find({ customerId, _id: { $in: jobs.map((j) => j.locationId).filter(Boolean) } }).lean();
  return new Map(locations.map((l) => [String(l._id), l]));
}

/** The newest open published jobs for the RSS feed. */
export async function listPublishedJobs(customerId: Types.ObjectId) {
  const jobs = await Job.find(publishedFilter(customerId)).sort({ openedAt: -1, _id: -1 }).limit(500).lean<JobDoc[]>();
  return { jobs, locations: await withLocations(customerId, jobs) };
}

/** One page of the public job list (/careers/{slug}?page=N), newest first. */
export async function listPublishedJobsPage(customerId: Types.ObjectId, page: number, signal?: AbortSignal) {
  const pageSize = CareerSitePaging.publicPageSize;
  const [jobs, total] = await Promise.all([
    Job.find(publishedFilter(customerId)).sort({ openedAt: -1, _id: -1 }).skip((page - 1) * pageSize).limit(pageSize).setOptions(cutOffWhenGone(signal)).lean<JobDoc[]>(),
    Job.countDocuments(publishedFilter(customerId)).setOptions(cutOffWhenGone(signal)),
  ]);
  return { jobs, total, page, pageCount: Math.max(1, Math.ceil(total / pageSize)), locations: await withLocations(customerId, jobs) };
}

export async function findPublishedJob(customerId: Types.ObjectId, jobId: string) {
  if (!Types.ObjectId.isValid(jobId) || !/^[a-f0-9]{24}$/i.test(jobId)) return null;
  const job = await Job.findOne({ customerId, _id: jobId, published: true, status: 'open' }).lean<JobDoc>();
  if (!job) return null;
  const location = job.locationId ? await Location.findOne({ customerId, _id: job.locationId }).lean() : null;
  return { job, location };
}
