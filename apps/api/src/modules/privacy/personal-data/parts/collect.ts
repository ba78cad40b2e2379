import type { Types } from 'mongoose';
import { AgencySubmission } from '../../../agencies/agency-submission.model';
import { Agency } from '../../../agencies/agency.model';
import { Application } from '../../../candidates/applications/application.model';
import { StageEvent } from '../../../candidates/applications/stage-event.model';
import { CandidateActivity } from '../../../candidates/candidate-activity.model';
import { Interview } from '../../../interviews/interview.model';
import { Job } from '../../../jobs/job.model';
import { Offer } from '../../../offers/offer.model';
import { OnboardingDocument } from '../../../offers/onboarding/onboarding-document.model';
import { OnboardingSubmission } from '../../../offers/onboarding/onboarding-submission.model';
import { Referral } from '../../../referrals/referral.model';
import { NpsSurvey } from '../../../reports/candidates/nps/nps-survey.model';
import type { PersonSet } from './people';

export type CollectedFile = { fileId: string; filename: string };

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);

/**
 * What the person may download about themselves, part by part, in plain words (job titles and stage names,
 * not ids): never colleagues' notes, scorecards or who interviewed them.
 */
export async function collectParts(set: PersonSet): Promise<{ parts: Record<string, unknown[]>; files: CollectedFile[] }> {
  const { customerId, candidateIds, applicationIds } = set;
  const byCandidate = { customerId, candidateId: { $in: candidateIds } };
  const [applications, stageEvents, interviews, offers, submissions, referrals, agencySubmissions, surveys, activity] = await Promise.all([
    Application.find(byCandidate).sort({ appliedAt: 1 }).lean(),
    StageEvent.find({ customerId, applicationId: { $in: applicationIds } }).sort({ at: 1 }).lean(),
    Interview.find({ customerId, applicationId: { $in: applicationIds } }).sort({ start: 1 }).lean(),
    Offer.find({ customerId, applicationId: { $in: applicationIds }, sentAt: { $ne: null } }).sort({ sentAt: 1 }).lean(),
    OnboardingSubmission.find(byCandidate).sort({ uploadedAt: 1 }).lean(),
    Referral.find(byCandidate).sort({ referredAt: 1 }).lean(),
    AgencySubmission.find(byCandidate).sort({ submittedAt: 1 }).lean(),
    NpsSurvey.find(byCandidate).sort({ sentAt: 1 }).lean(),
    CandidateActivity.find({ ...byCandidate, kind: { $nin: ['viewed', 'exported'] } }).sort({ at: 1 }).lean(),
  ]);
  const jobIds = [...new Set([...applications.map((a) => String(a.jobId)), ...referrals.map((r) => String(r.jobId))])];
  const [jobs, documents, agencies] = await Promise.all([
    Job.find({ customerId, _id: { $in: jobIds } }, { title: 1, stages: 1 }).lean(),
    OnboardingDocument.find({ customerId, _id: { $in: submissions.map((s) => s.documentId) } }, { name: 1 }).lean(),
    Agency.find({ customerId, _id: { $in: agencySubmissions.map((s) => s.agencyId) } }, { name: 1 }).lean(),
  ]);
  const jobOf = (id: Types.ObjectId | null | undefined) => jobs.find((j) => String(j._id) === String(id));
  const titleOf = (id: Types.ObjectId | null | undefined) => jobOf(id)?.title ?? '';
  const stageOf = (jobId: Types.ObjectId | null | undefined, stageId: Types.ObjectId | null | undefined) =>
    stageId ? (jobOf(jobId)?.stages.find((s) => String(s._id) === String(stageId))?.name ?? '') : '';
  const applicationJob = new Map(applications.map((a) => [String(a._id), a.jobId]));

  const profile = set.candidates.map((c) => ({
    id: String(c._id),
    firstName: c.firstName,
    lastName: c.lastName ?? '',
    email: c.email ?? '',
    phone: c.phone ?? '',
    location: c.location ?? '',
    currentTitle: c.currentTitle ?? '',
    currentCompany: c.currentCompany ?? '',
    experienceYears: c.experienceYears ?? null,
    skills: c.skills ?? [],
    source: c.source,
    addedAt: iso(c.createdAt),
    consent: { legalBasis: c.legalBasis ?? null, givenAt: iso(c.consentAt), source: c.consentSource ?? '', expiresAt: iso(c.consentExpiresAt) },
    unsubscribedAt: iso(c.unsubscribedAt),
    ...(c.mergedIntoId ? { mergedInto: String(c.mergedIntoId) } : {}),
  }));

  const parts: Record<string, unknown[]> = {
    profile,
    applications: applications.map((a) => ({
      id: String(a._id),
      job: titleOf(a.jobId),
      stage: stageOf(a.jobId, a.stageId),
      source: a.source,
      appliedAt: iso(a.appliedAt),
      name: a.candidateName ?? '',
      email: a.candidateEmail ?? '',
      phone: a.candidatePhone ?? '',
      answers: (a.answers ?? []).map((x) => ({ question: x.label ?? '', answer: x.answer ?? '' })),
      resume: a.resumeFilename ?? '',
      withdrawn: !!a.withdrawn,
    })),
    stageHistory: stageEvents.map((e) => ({ applicationId: String(e.applicationId), job: titleOf(e.jobId), from: stageOf(e.jobId, e.fromStageId), to: stageOf(e.jobId, e.toStageId), at: iso(e.at) })),
    interviews: interviews.map((i) => ({ applicationId: String(i.applicationId), job: titleOf(i.jobId), round: i.roundName ?? '', start: iso(i.start), end: iso(i.end), timeZone: i.timeZone, mode: i.mode, status: i.status })),
    offers: offers.map((o) => ({
      applicationId: String(o.applicationId),
      jobTitle: o.jobTitle,
      status: o.status,
      startDate: o.startDate,
      expiryDate: o.expiryDate,
      compensation: o.compensation,
      sentAt: iso(o.sentAt),
      decidedAt: iso(o.decidedAt),
      signedAs: o.acceptance?.typedName ?? null,
      signedAt: iso(o.acceptance?.at),
    })),
    onboarding: submissions.map((s) => ({ document: documents.find((d) => String(d._id) === String(s.documentId))?.name ?? '', file: s.filename, state: s.state, uploadedAt: iso(s.uploadedAt) })),
    referrals: referrals.map((r) => ({ job: titleOf(r.jobId), firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone ?? '', relationship: r.relationship, note: r.note ?? '', referredAt: iso(r.referredAt) })),
    agencySubmissions: agencySubmissions.map((s) => ({ agency: agencies.find((a) => String(a._id) === String(s.agencyId))?.name ?? '', job: titleOf(s.jobId), name: s.candidateName, note: s.note ?? '', submittedAt: iso(s.submittedAt) })),
    surveys: surveys.map((s) => ({ job: s.jobTitle ?? '', sentAt: iso(s.sentAt), answeredAt: iso(s.answeredAt), score: s.score ?? null, comment: s.comment ?? '' })),
    mails: activity
      .filter((a) => a.kind === 'email_sent')
      .map((a) => ({ at: iso(a.at), subject: String((a.data as { subject?: unknown } | null)?.subject ?? a.summary ?? ''), job: titleOf(a.jobId ?? applicationJob.get(String(a.applicationId))) })),
    timeline: activity.map((a) => ({ at: iso(a.at), what: a.kind, summary: a.summary ?? '', job: titleOf(a.jobId) })),
  };

  const files: CollectedFile[] = [];
  const seen = new Set<string>();
  const names = new Set<string>();
  const add = (fileId: string | null | undefined, folder: string, filename: string) => {
    if (!fileId || seen.has(fileId)) return;
    seen.add(fileId);
    const base = (filename || 'file').replace(/[\\/]/g, '_');
    let name = `${folder}/${base}`;
    for (let n = 2; names.has(name); n++) name = `${folder}/${n}-${base}`;
    names.add(name);
    files.push({ fileId, filename: name });
  };
  for (const c of set.candidates) add(c.resumeFileId, 'resumes', c.resumeFilename || 'resume');
  for (const a of applications) add(a.resumeFileId, 'resumes', a.resumeFilename || 'resume');
  for (const o of offers) {
    add(o.letterFileId, 'offers', `offer-letter-${o.startDate}.pdf`);
    add(o.signedFileId, 'offers', `signed-offer-${o.startDate}.pdf`);
  }
  for (const s of submissions) add(s.fileId, 'onboarding', s.filename);
  return { parts, files };
}
