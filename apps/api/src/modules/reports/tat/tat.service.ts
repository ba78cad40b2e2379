import type { Types } from 'mongoose';
import { TatDefaults, type TTatSettings, type TTatSettingsResponse } from '@hireflow/contracts/reports';
import type { UserDoc } from '../../users/user.model';

/** The company's turnaround targets (defaults until an admin saves them). */
export async function getTatSettings(_customerId: Types.ObjectId): Promise<TTatSettingsResponse> {
  return { stages: { screening: TatDefaults.screening, interview: TatDefaults.interview, offer: TatDefaults.offer }, vacancyDays: TatDefaults.vacancyDays, updatedAt: null, updatedBy: null };
}

export async function saveTatSettings(customerId: Types.ObjectId, _settings: TTatSettings, _actor: UserDoc): Promise<TTatSettingsResponse> {
  return getTatSettings(customerId);
}
