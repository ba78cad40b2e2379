import { z } from 'zod';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { AuthApi, ZOutboxMail } from '@hireflow/contracts/auth';
import { apiGet } from '@/lib/api-client';

/** The outbox as a list of mails, newest first (accepts a bare list or `{ mails }`). */
export const ZOutboxAnswer = z
  .union([z.array(ZOutboxMail), z.object({ mails: z.array(ZOutboxMail) })])
  .transform((answer) => (Array.isArray(answer) ? answer : answer.mails));

export function getOutbox(email: string) {
  return apiGet(AuthApi.devOutbox, ZOutboxAnswer, { params: email ? { email } : {} });
}

export function getOutboxQueryOptions(email: string) {
  return queryOptions({ queryKey: ['dev-outbox', email], queryFn: () => getOutbox(email) });
}

export function useOutbox(email: string) {
  return useQuery(getOutboxQueryOptions(email));
}
