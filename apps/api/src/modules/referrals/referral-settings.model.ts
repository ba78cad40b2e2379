import { Schema, model, type InferSchemaType, type Types } from 'mongoose';
import { DefaultReferralSettings } from '@hireflow/contracts/referral-rewards';
import { tenantField, tenantOwned } from '../../lib/tenancy';

const rewardSchema = new Schema({ currency: { type: String, required: true }, amountMinor: { type: Number, required: true } }, { _id: false });

/** A company's referral rules (company-settings/referral-settings); absent: DefaultReferralSettings. */
const referralSettingsSchema = new Schema(
  {
    customerId: tenantField(),
    defaultReward: { type: rewardSchema, default: null },
    overrides: {
      type: [
        new Schema(
          {
            departmentId: { type: Schema.Types.ObjectId, ref: 'Department', default: null },
            jobId: { type: Schema.Types.ObjectId, ref: 'Job', default: null },
            reward: { type: rewardSchema, required: true },
          },
          { _id: false },
        ),
      ],
      default: [],
    },
    payableAfterDays: { type: Number, default: DefaultReferralSettings.payableAfterDays },
    excludeHiringTeam: { type: Boolean, default: DefaultReferralSettings.excludeHiringTeam },
    excludeRecruiters: { type: Boolean, default: DefaultReferralSettings.excludeRecruiters },
    creditWindowDays: { type: Number, default: DefaultReferralSettings.creditWindowDays },
    rewardKnownCandidates: { type: Boolean, default: DefaultReferralSettings.rewardKnownCandidates },
    updatedBy: { type: Schema.Types.ObjectId, ref: 'User', default: null },
  },
  { timestamps: true },
);
tenantOwned(referralSettingsSchema);
referralSettingsSchema.index({ customerId: 1 }, { unique: true });

export type ReferralSettingsDoc = InferSchemaType<typeof referralSettingsSchema> & { _id: Types.ObjectId; updatedAt: Date };
export const ReferralSettings = model('ReferralSettings', referralSettingsSchema);

/** The company's rules, with the defaults when it never saved any (amounts in minor units). */
export async function loadReferralSettings(customerId: Types.ObjectId) {
  const saved = await ReferralSettings.findOne({ customerId }).lean<ReferralSettingsDoc>();
  return {
    defaultReward: saved?.defaultReward ?? null,
    overrides: saved?.overrides ?? [],
    payableAfterDays: saved?.payableAfterDays ?? DefaultReferralSettings.payableAfterDays,
    excludeHiringTeam: saved?.excludeHiringTeam ?? DefaultReferralSettings.excludeHiringTeam,
    excludeRecruiters: saved?.excludeRecruiters ?? DefaultReferralSettings.excludeRecruiters,
    creditWindowDays: saved?.creditWindowDays ?? DefaultReferralSettings.creditWindowDays,
    rewardKnownCandidates: saved?.rewardKnownCandidates ?? DefaultReferralSettings.rewardKnownCandidates,
    updatedBy: saved?.updatedBy ?? null,
    updatedAt: saved?.updatedAt ?? null,
  };
}
export type LoadedReferralSettings = Awaited<ReturnType<typeof loadReferralSettings>>;

/** The reward of a hire on this job: the job's override, else its department's, else the default (or none). */
export function rewardFor(settings: Pick<LoadedReferralSettings, 'defaultReward' | 'overrides'>, job: { _id: Types.ObjectId; departmentId?: Types.ObjectId | null }) {
  const byJob = settings.overrides.find((o) => o.jobId && o.jobId.equals(job._id));
  const byDepartment = job.departmentId ? settings.overrides.find((o) => o.departmentId && o.departmentId.equals(job.departmentId!)) : undefined;
  return (byJob ?? byDepartment)?.reward ?? settings.defaultReward ?? null;
}
