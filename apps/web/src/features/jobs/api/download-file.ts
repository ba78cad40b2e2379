import { api } from '@/lib/api-client';
import { saveBlob } from '@/lib/blob-files';

/** Files are served only with the bearer token, so they are fetched and handed to the browser as a blob. */
export async function downloadFile(fileId: string, filename: string) {
  const response = await api.get<Blob>(`/api/files/${fileId}`, { responseType: 'blob' });
  saveBlob(response.data, filename);
}
