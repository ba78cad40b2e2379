import type { Types } from 'mongoose';
import { TatDefaults, type TTatSettings, type TTatSettingsResponse } from '@hireflow/contracts/reports';
import type { UserDoc } from '../../users/user.model';
import { TatSettings, type TatSettingsDoc } from './tat-settings.model';

/** The company's turnaround targets (defaults until an admin saves them). */
export async function getTatSettings(customerId: Types.ObjectId): Promise<TTatSettingsResponse> {
  const saved = await TatSettings.findOne({ customerId }).lean<TatSettingsDoc>();
  if (!saved) return { stages: { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer }, vacancyDays: TatDefaults.vacancyDays, updatedAt: null, updatedBy: null };
  return {
    stages: { screening: saved.stages?.screening ?? TatDefaults.screening, interview: saved.stages?.interview ?? TatDefaults.interview, offer: saved.stages?.offer ?? TatDefaults.offer },
    vacancyDays: saved.vacancyDays,
    updatedAt: saved.updatedAt.toISOString(),
    updatedBy: saved.updatedByName || null,
  };
}

/** Saves the targets (validated by the route with ZTatSettings); answers them as saved. */
export async function saveTatSettings(customerId: Types.ObjectId, settings: TTatSettings, actor: UserDoc): Promise<TTatSettingsResponse> {
  const { screening, interview, offer } = settings.stages;
  await TatSettings.updateOne(
    { customerId },
    { $set: { stages: { screening, interview, offer }, vacancyDays: settings.vacancyDays, updatedBy: actor._id, updatedByName: `${actor.firstName} ${actor.lastName}`.trim() } },
    { upsert: true },
  );
  return getTatSettings(customerId);
}
