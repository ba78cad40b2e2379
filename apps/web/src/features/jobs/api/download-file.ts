import { api } from '@/lib/api-client';

/** Files are served only with the bearer token, so they are fetched and handed to the browser as a blob. */
export async function downloadFile(fileId: string, filename: string) {
  const response = await api.get<Blob>(`/api/files/${fileId}`, { responseType: 'blob' });
  const url = URL.createObjectURL(response.data);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
