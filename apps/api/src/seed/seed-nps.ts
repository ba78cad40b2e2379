import { createHash, randomBytes } from 'node:crypto';
import type { Types } from 'mongoose';
import { NpsRules, type TNpsTrigger } from '@hireflow/contracts/reports';
import { Customer } from '../modules/org/customer.model';
import { Job } from '../modules/jobs/job.model';
import { StageEvent } from '../modules/candidates/applications/stage-event.model';
import { NpsSurvey } from '../modules/reports/candidates/nps/nps-survey.model';
import { rng, weighted } from './seed-random';

const DayMs = 86_400_000;
const Comments: Record<'promoter' | 'passive' | 'detractor', string[]> = {
  promoter: ['Quick and friendly process, I always knew what came next.', 'The interviewers were well prepared and kind.', 'Clear feedback after every step. Thank you!', ''],
  passive: ['Fine overall, but it took a while to hear back.', 'Good conversations, a bit too many rounds.', ''],
  detractor: ['I waited three weeks without any news.', 'The interview was moved twice at the last minute.', 'No feedback on why I was not selected.', ''],
};

/**
 * Answered (and a few unanswered) NPS surveys for Acme's finished applications (hires, withdrawals,
 * rejections after an interview) across its history, so the NPS report shows a score and comments.
 * Surveys go out two days after the event; about 60% are answered. Runs once.
 */
export async function seedNps() {
  const customer = await Customer.findOne({ slug: 'acme' }).lean();
  if (!customer || (await NpsSurvey.exists({ customerId: customer._id }))) return;
  const customerId = customer._id;
  const random = rng(1919);
  const endings = await StageEvent.find({ customerId, toKind: { $in: ['hired', 'rejected'] } }, { applicationId: 1, candidateId: 1, jobId: 1, toKind: 1, fromKind: 1, withdrawn: 1, at: 1 }).sort({ at: 1 }).lean();
  const jobs = new Map((await Job.find({ customerId }, { title: 1, businessUnitId: 1, departmentId: 1, locationId: 1, recruiterIds: 1 }).lean()).map((j) => [String(j._id), j]));
  const now = Date.now();
  const seen = new Set<string>();
  const docs = [];
  for (const e of endings) {
    const trigger: TNpsTrigger | null = e.toKind === 'hired' ? 'hired' : e.withdrawn ? 'withdrew' : e.fromKind === 'interview' || e.fromKind === 'offer' ? 'rejected_after_interview' : null;
    const job = jobs.get(String(e.jobId));
    const sentAt = new Date(e.at.getTime() + NpsRules.sendAfterDays * DayMs);
    if (!trigger || !job || sentAt.getTime() > now || seen.has(`${String(e.applicationId)}|${trigger}`)) continue;
    seen.add(`${String(e.applicationId)}|${trigger}`);
    const answered = random() < 0.6;
    // Hired candidates are happier than rejected ones; the score drifts up over time as the process improves.
    const lift = (sentAt.getTime() - (now - 730 * DayMs)) / (730 * DayMs);
    const base = trigger === 'hired' ? 8.5 : trigger === 'withdrew' ? 6 : 5.5;
    const score = Math.max(0, Math.min(10, Math.round(base + lift * 1.5 + (random() - 0.5) * 5)));
    const category = score >= 9 ? 'promoter' : score >= 7 ? 'passive' : 'detractor';
    docs.push({
      customerId,
      candidateId: e.candidateId,
      applicationId: e.applicationId,
      jobId: e.jobId,
      jobTitle: job.title,
      trigger,
      tokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      sentAt,
      expiresAt: new Date(sentAt.getTime() + NpsRules.validDays * DayMs),
      answeredAt: answered ? new Date(sentAt.getTime() + Math.floor(random() * 5 * DayMs)) : null,
      score: answered ? score : null,
      comment: answered ? weighted(random, Comments[category].map((c) => [c, 1 / Comments[category].length] as [string, number])) : '',
      businessUnitId: (job.businessUnitId as Types.ObjectId | null) ?? null,
      departmentId: (job.departmentId as Types.ObjectId | null) ?? null,
      locationId: (job.locationId as Types.ObjectId | null) ?? null,
      recruiterIds: (job.recruiterIds as Types.ObjectId[]) ?? [],
    });
  }
  if (docs.length) await NpsSurvey.insertMany(docs, { ordered: false });
}
