import { BillingApi } from '@hireflow/contracts/billing';
import { buildPath } from '@hireflow/contracts/routes';
import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/blob-files';

/** The PDF is served only with the bearer token: fetched as a blob and handed to the browser as a download. */
export async function downloadInvoicePdf({ id, number }: { id: string; number: string }) {
  const response = await api.get<Blob>(buildPath(BillingApi.invoicePdf, { id }), { responseType: 'blob' });
  saveBlob(response.data, `invoice-${number}.pdf`);
}
