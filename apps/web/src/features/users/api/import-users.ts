import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UsersApi, ZUserImportResponse } from '@hireflow/contracts/users';
import { apiPost } from '@/lib/api-client';

/** Sends the file as the request body with its type; the API answers how many were created and which rows it refused. */
export function importUsers(file: File) {
  const type = file.type || (file.name.toLowerCase().endsWith('.csv') ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  return apiPost(UsersApi.importUsers, file, ZUserImportResponse, { headers: { 'Content-Type': type } });
}

export function useImportUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importUsers,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users'] }),
  });
}
