import { SpeedScreeningApi, ZHoldApplicationResult } from '@hireflow/contracts/pipeline';
import { apiPost } from '@/lib/api-client';

/** Puts an applicant on hold (out of the screening queue) or back. */
export function holdApplication(applicationId: string, onHold: boolean) {
  return apiPost(SpeedScreeningApi.hold(applicationId), { onHold }, ZHoldApplicationResult);
}
