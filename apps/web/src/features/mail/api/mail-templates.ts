import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MailTemplatesApi, ZMailTemplate, ZMailTemplateList, type TMailTemplateInput, type TMailTemplateKind } from '@hireflow/contracts/mail-templates';
import { buildPath } from '@hireflow/contracts/routes';
import { z } from 'zod';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

export function useMailTemplates(kind?: TMailTemplateKind) {
  return useQuery({
    queryKey: ['mail-templates', kind ?? 'all'],
    queryFn: () => apiGet(MailTemplatesApi.templates, ZMailTemplateList, { params: kind ? { kind } : {} }),
  });
}

/** Creates a template (no id) or replaces one; the template lists refresh. */
export function useSaveMailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: TMailTemplateInput }) =>
      id ? apiPut(buildPath(MailTemplatesApi.template, { id }), input, ZMailTemplate) : apiPost(MailTemplatesApi.templates, input, ZMailTemplate),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mail-templates'] }),
  });
}

export function useDeleteMailTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiDelete(buildPath(MailTemplatesApi.template, { id }), z.object({ deleted: z.boolean() })),
    onSuccess: () => client.invalidateQueries({ queryKey: ['mail-templates'] }),
  });
}
