import { Types } from 'mongoose';
import type { UserDoc } from '../users/user.model';
import { mayReadApplicationFiles } from '../candidates/applications/application-files';
import { mayReadOfferFiles } from '../offers/offer-files';
import { mayReadCandidateFiles, mayReadResumeBatchFiles } from '../candidates/resumes/resume-files';

/**
 * What a stored file belongs to. A file is readable by whoever may see its owner, and each kind of
 * owner brings its own check from its own module. Later kinds add their name here and their check to `ownerChecks`; the compiler refuses a kind without one.
 */
export const FileOwnerKinds = ['application', 'export', 'candidate', 'resume-batch', 'offer', 'company'] as const;
export type FileOwnerKind = (typeof FileOwnerKinds)[number];
export type FileOwner = { kind: FileOwnerKind; id: Types.ObjectId };

export type FileOwnerCheck = (args: { customerId: Types.ObjectId; actor: UserDoc; ownerId: Types.ObjectId }) => Promise<boolean>;

const ownerChecks: { [K in FileOwnerKind]: FileOwnerCheck } = {
  application: mayReadApplicationFiles,
  // An export is its asker's alone: not even their admin reads it.
  export: async ({ actor, ownerId }) => ownerId.equals(actor._id),
  // A candidate's own file (a résumé added to the database, not to an application): whoever sees the candidate.
  candidate: mayReadCandidateFiles,
  'resume-batch': mayReadResumeBatchFiles,
  offer: mayReadOfferFiles,
  // The company's own files (its logo, owned by the company itself): anyone of the company; the logo is public anyway.
  company: async ({ customerId, ownerId }) => ownerId.equals(customerId),
};

/**
 * Owner kinds a file of no company may have: the platform super admin's own exports (customerId null).
 * Every other kind belongs to a company and is refused without one.
 */
export const PlatformFileOwnerKinds: readonly FileOwnerKind[] = ['export'];

/** Whether the caller may read a file with this stored owner; a missing or unknown owner is refused. */
export async function mayReadOwnedFile({ customerId, actor, owner }: { customerId: Types.ObjectId | null; actor: UserDoc; owner: unknown }): Promise<boolean> {
  const { kind, id } = (owner ?? {}) as { kind?: unknown; id?: unknown };
  if (typeof kind !== 'string' || !Object.hasOwn(ownerChecks, kind)) return false;
  if (id == null || typeof id !== 'object' || !Types.ObjectId.isValid(String(id))) return false;
  const ownerId = new Types.ObjectId(String(id));
  if (!customerId) return PlatformFileOwnerKinds.includes(kind as FileOwnerKind) && ownerId.equals(actor._id);
  return ownerChecks[kind as FileOwnerKind]({ customerId, actor, ownerId });
}
