import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  ApiAccessApi,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookList,
  ZWebhookView,
  ZWebhookWithSecret,
  type TWebhookInput,
} from '@hireflow/contracts/api-access';
import { apiDelete, apiGet, apiPost, apiPut } from '@/lib/api-client';

const hooksKey = ['api-access', 'webhooks'] as const;
const pathOf = (template: string, id: string, deliveryId = '') => template.replace(':id', encodeURIComponent(id)).replace(':deliveryId', encodeURIComponent(deliveryId));

export const useWebhooks = () => useQuery({ queryKey: hooksKey, queryFn: () => apiGet(ApiAccessApi.webhooks, ZWebhookList) });

function useHookMutation<V, R>(mutationFn: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: hooksKey }) });
}

/** POST /api/webhooks: answers the webhook and its signing secret, shown once. */
export const useCreateWebhook = () => useHookMutation((input: TWebhookInput) => apiPost(ApiAccessApi.webhooks, input, ZWebhookWithSecret));
export const useUpdateWebhook = () => useHookMutation(({ id, input }: { id: string; input: TWebhookInput }) => apiPut(pathOf(ApiAccessApi.webhook, id), input, ZWebhookView));
export const useDeleteWebhook = () => useHookMutation((id: string) => apiDelete(pathOf(ApiAccessApi.webhook, id), z.unknown()));
/** A new secret, shown once; the old one stops signing at once. */
export const useRotateWebhookSecret = () => useHookMutation((id: string) => apiPost(pathOf(ApiAccessApi.webhookRotateSecret, id), {}, ZWebhookWithSecret));
/** Sends a webhook.test event now; answers the delivery after its first attempt. */
export const useTestWebhook = () => useHookMutation((id: string) => apiPost(pathOf(ApiAccessApi.webhookTest, id), {}, ZWebhookDelivery));
export const useResendDelivery = () => useHookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) => apiPost(pathOf(ApiAccessApi.webhookResend, id, deliveryId), {}, ZWebhookDelivery));

/** A webhook's delivery log, newest first, a page at a time. */
export const useWebhookDeliveries = (id: string, page: number) =>
  useQuery({
    queryKey: [...hooksKey, id, 'deliveries', page],
    queryFn: () => apiGet(`${pathOf(ApiAccessApi.webhookDeliveries, id)}?page=${page}`, ZWebhookDeliveryList),
    placeholderData: keepPreviousData,
  });
