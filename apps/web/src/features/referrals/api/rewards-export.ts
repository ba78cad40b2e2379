import { ReferralRewardApi, type TRewardStatus } from '@hireflow/contracts/referral-rewards';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/blob-files';

const XlsxType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The rewards list with the same filter as an Excel file; files need the bearer token, so it comes as a blob. */
export async function exportRewards(status: TRewardStatus | undefined) {
  const response = await api.get<Blob>(ReferralRewardApi.export, { params: { status }, responseType: 'blob' });
  const blob = response.data instanceof Blob ? response.data : new Blob([response.data], { type: XlsxType });
  saveBlob(blob, `referral-rewards${status ? `-${status}` : ''}.xlsx`);
}
