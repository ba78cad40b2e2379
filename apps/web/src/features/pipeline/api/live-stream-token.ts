import { PipelineApi, ZLiveStreamToken } from '@hireflow/contracts/pipeline';
import { apiPost } from '@/lib/api-client';

/** A one-minute token for the live-update stream's URL (EventSource cannot send the bearer header). */
export async function getLiveStreamToken(): Promise<string> {
  const { token } = await apiPost(PipelineApi.eventsToken, {}, ZLiveStreamToken);
  return token;
}
