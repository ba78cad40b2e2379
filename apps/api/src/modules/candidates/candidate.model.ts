import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { ApplicationSources, ResumeTextStates } from '@hireflow/contracts/candidates';
import { StageKinds } from '@hireflow/contracts/jobs';
import { LegalBases } from '@hireflow/contracts/privacy';
import { tenantField, tenantOwned } from '../../lib/tenancy';

/**
 * One person in the company's candidate database, whatever jobs they apply to. Duplicates are found by
 * email, `phoneKey` and `nameKey` (candidates/intake); a merged-away candidate keeps its document with
 * `mergedIntoId` so old links still lead somewhere, and every list leaves it out.
 */
const candidateSchema = new Schema(
  {
    customerId: tenantField(),
    firstName: { type: String, required: true, trim: true },
    lastName: { type: String, default: '', trim: true },
    // '' when nobody knows it yet (a sourced résumé without one); unique per company when set.
    email: { type: String, default: '', trim: true, lowercase: true },
    phone: { type: String, default: '' },
    /** The phone's digits only (last 10 at most), for duplicate matching; '' when there is no phone. */
    phoneKey: { type: String, default: '' },
    /** Lower-cased "first last|current company", for duplicate matching. */
    nameKey: { type: String, default: '' },
    location: { type: String, default: '', trim: true },
    currentTitle: { type: String, default: '', trim: true },
    currentCompany: { type: String, default: '', trim: true },
    experienceYears: { type: Number, default: null },
    skills: { type: [String], default: [] },
    tags: { type: [String], default: [] },
    // First touch: how this person first came to the company; never changed afterwards.
    source: { type: String, enum: ApplicationSources, required: true },
    // A stored file's random id (files module), never an ObjectId.
    resumeFileId: { type: String, default: null },
    resumeFilename: { type: String, default: '' },
    /** Text extracted from the résumé in the background (candidates/resumes), searched with the rest. */
    resumeText: { type: String, default: '' },
    resumeTextState: { type: String, enum: ResumeTextStates, default: 'none' },
    /** Every note's text, kept here so one text index searches notes too. */
    notesText: { type: String, default: '' },
    consentAt: { type: Date, default: null },
    /** Where consent was given: 'career site apply form', 'imported', 'added by a recruiter'... */
    consentSource: { type: String, default: '' },
    /** Why the company may keep the data (contracts privacy.ts LegalBases); null for records from before it was asked. */
    legalBasis: { type: String, enum: [...LegalBases, null], default: null },
    /** When consent lapses (the company's consentMonths after consentAt); null: it does not. */
    consentExpiresAt: { type: Date, default: null },
    /** When the last mail asking to renew consent went out. */
    consentRenewalSentAt: { type: Date, default: null },
    /** Set once the person was anonymised (privacy/personal-data): the record stays for reports, nothing personal does. */
    erasedAt: { type: Date, default: null },
    /** The jobs this person is on and the kinds of stage they are in, kept by `refreshCandidateJobs`. */
    jobIds: { type: [Schema.Types.ObjectId], default: [] },
    stageKinds: { type: [String], enum: StageKinds, default: [] },
    lastActivityAt: { type: Date, default: () => new Date() },
    unsubscribedAt: { type: Date, default: null },
    mergedIntoId: { type: Schema.Types.ObjectId, ref: 'Candidate', default: null },
    createdBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(candidateSchema);
candidateSchema.index({ customerId: 1, email: 1 }, { unique: true, partialFilterExpression: { email: { $gt: '' } } });
candidateSchema.index({ customerId: 1, phoneKey: 1 });
candidateSchema.index({ customerId: 1, nameKey: 1 });
candidateSchema.index({ customerId: 1, jobIds: 1 });
// Search (candidates/search): one text index per company over what the search box reads, names and email
// weighing most, the résumé least; and an index for every filter and sort of /database.
candidateSchema.index(
  { customerId: 1, firstName: 'text', lastName: 'text', email: 'text', currentTitle: 'text', currentCompany: 'text', skills: 'text', tags: 'text', notesText: 'text', resumeText: 'text' },
  {
    name: 'candidate_search_text',
    weights: { firstName: 10, lastName: 10, email: 10, currentTitle: 5, currentCompany: 5, skills: 5, tags: 5, notesText: 2, resumeText: 1 },
    default_language: 'english',
    language_override: 'searchLanguage',
  },
);
candidateSchema.index({ customerId: 1, mergedIntoId: 1, createdAt: -1 });
candidateSchema.index({ customerId: 1, mergedIntoId: 1, lastActivityAt: -1 });
// Each filter after the visibility prefix, so a one-filter count is read from index positions (and, for
// the single-valued ones, the newest-first order is the index's: a deep page walks it instead of sorting).
candidateSchema.index({ customerId: 1, mergedIntoId: 1, skills: 1 });
candidateSchema.index({ customerId: 1, mergedIntoId: 1, tags: 1 });
candidateSchema.index({ customerId: 1, mergedIntoId: 1, source: 1, createdAt: -1 });
candidateSchema.index({ customerId: 1, mergedIntoId: 1, location: 1, createdAt: -1 });
candidateSchema.index({ customerId: 1, mergedIntoId: 1, stageKinds: 1 });
candidateSchema.index({ customerId: 1, mergedIntoId: 1, experienceYears: 1 });
// Consent renewal: whose consent lapses soon (privacy/consent).
candidateSchema.index({ customerId: 1, consentExpiresAt: 1 }, { partialFilterExpression: { consentExpiresAt: { $type: 'date' } } });
// Retention rules (privacy/retention): live candidates whose applications are all in a rejected stage, and
// sourced or imported candidates by age; erased ones are out of the range, so the daily runs do not re-read them.
candidateSchema.index({ customerId: 1, erasedAt: 1, stageKinds: 1 });
candidateSchema.index({ customerId: 1, erasedAt: 1, source: 1, createdAt: 1 });

export type CandidateDoc = InferSchemaType<typeof candidateSchema> & { _id: Types.ObjectId; createdAt: Date; updatedAt: Date };
export const Candidate = model('Candidate', candidateSchema);

/** The duplicate-matching keys of a candidate's fields. */
export function candidateMatchKeys(fields: { firstName?: string; lastName?: string; phone?: string; currentCompany?: string }) {
  const digits = (fields.phone ?? '').replace(/\D/g, '');
  const name = `${fields.firstName ?? ''} ${fields.lastName ?? ''}`.trim().toLowerCase().replace(/\s+/g, ' ');
  return {
    phoneKey: digits.length >= 7 ? digits.slice(-10) : '',
    nameKey: name ? `${name}|${(fields.currentCompany ?? '').trim().toLowerCase()}` : '',
  };
}
