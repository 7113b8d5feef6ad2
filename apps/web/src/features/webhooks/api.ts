import {
  type createWebhookEndpointBody,
  UI_TEXT,
  type updateWebhookEndpointBody,
  type WebhookDeliveryRecord,
  type WebhookDeliveryStatus,
  type WebhookEndpointRecord,
  type WebhookEventType,
  webhookEndpoints,
} from '@smart/contracts';
import { queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Page } from '@/lib/api-client';
import { pagedListOptions, usePagedList } from '@/lib/paged-list';

/**
 * Webhook endpoints and their delivery log (under /api/webhooks, decision 0277). The delivery
 * list and a delivery refresh themselves while `watching` (after Send test event or Redeliver)
 * and something is still pending, so the outcome shows without a reload.
 */

export type CreateWebhookBody = z.input<typeof createWebhookEndpointBody>;
export type UpdateWebhookBody = z.input<typeof updateWebhookEndpointBody>;

export interface DeliveryFilter {
  status?: WebhookDeliveryStatus | undefined;
  eventType?: WebhookEventType | undefined;
}

/** How often a watched list asks again while a delivery is pending. */
const WATCH_INTERVAL_MS = 1500;

export const webhookKeys = {
  all: ['webhooks'] as const,
  lists: () => [...webhookKeys.all, 'list'] as const,
  list: (organizationId: string | null) => [...webhookKeys.lists(), organizationId ?? 'all'] as const,
  detail: (endpointId: string) => [...webhookKeys.all, 'detail', endpointId] as const,
  deliveries: (endpointId: string) => [...webhookKeys.detail(endpointId), 'deliveries'] as const,
  deliveryList: (endpointId: string, filter: DeliveryFilter) =>
    [...webhookKeys.deliveries(endpointId), 'list', filter] as const,
  delivery: (endpointId: string, deliveryId: string) =>
    [...webhookKeys.deliveries(endpointId), 'one', deliveryId] as const,
};

const endpointList = (organizationId: string | null) =>
  pagedListOptions<WebhookEndpointRecord>(webhookKeys.list(organizationId), (page, limit) =>
    api(
      webhookEndpoints.list,
      { query: { page, limit, ...(organizationId && { organizationId }) } },
      { failMessage: UI_TEXT.fetchWebhooksFailed },
    ),
  );

const deliveryList = (endpointId: string, filter: DeliveryFilter) =>
  pagedListOptions<WebhookDeliveryRecord>(webhookKeys.deliveryList(endpointId, filter), (page, limit) =>
    api(
      webhookEndpoints.listDeliveries,
      { params: { id: endpointId }, query: { page, limit, ...filter } },
      { failMessage: UI_TEXT.fetchWebhookDeliveriesFailed },
    ),
  );

const endpointDetail = (endpointId: string) =>
  queryOptions({
    queryKey: webhookKeys.detail(endpointId),
    queryFn: () =>
      api(webhookEndpoints.get, { params: { id: endpointId } }, { failMessage: UI_TEXT.fetchWebhookFailed }),
  });

const deliveryDetail = (endpointId: string, deliveryId: string) =>
  queryOptions({
    queryKey: webhookKeys.delivery(endpointId, deliveryId),
    queryFn: () =>
      api(
        webhookEndpoints.getDelivery,
        { params: { id: endpointId, deliveryId } },
        { failMessage: UI_TEXT.fetchWebhookDeliveryFailed },
      ),
  });

/** The caller's organization's endpoints; an admin's of every organization, or of `organizationId`. */
export const useWebhookEndpoints = (organizationId: string | null) => usePagedList(endpointList(organizationId));

export const useWebhookEndpoint = (endpointId: string, watching = false) =>
  useQuery({ ...endpointDetail(endpointId), refetchInterval: watching ? WATCH_INTERVAL_MS : false });

/** Whether a loaded page of deliveries holds one still pending (the query's raw pages, before `select`). */
const anyPending = (pages: readonly Page<WebhookDeliveryRecord>[] | undefined) =>
  pages?.some((page) => page.data.some((delivery) => delivery.status === 'pending')) ?? false;

export const useWebhookDeliveries = (endpointId: string, filter: DeliveryFilter, watching: boolean) =>
  useInfiniteQuery({
    ...deliveryList(endpointId, filter),
    refetchInterval: (query) => (watching && anyPending(query.state.data?.pages) ? WATCH_INTERVAL_MS : false),
  });

export const useWebhookDelivery = (endpointId: string, deliveryId: string, watching: boolean) =>
  useQuery({
    ...deliveryDetail(endpointId, deliveryId),
    refetchInterval: (query) => (watching && query.state.data?.status === 'pending' ? WATCH_INTERVAL_MS : false),
  });

// Mutations: each refreshes what it changed.

export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWebhookBody) =>
      api(webhookEndpoints.create, { body }, { failMessage: UI_TEXT.createWebhookFailed }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.lists() }),
  });
}

/** A saved endpoint replaces the cached one; the lists show it. */
function useAcceptSavedEndpoint() {
  const queryClient = useQueryClient();
  return (saved: WebhookEndpointRecord) => {
    queryClient.setQueryData(webhookKeys.detail(saved.id), saved);
    return queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
  };
}

export function useUpdateWebhookEndpoint() {
  const accept = useAcceptSavedEndpoint();
  return useMutation({
    mutationFn: ({ endpointId, body }: { endpointId: string; body: UpdateWebhookBody }) =>
      api(webhookEndpoints.update, { params: { id: endpointId }, body }, { failMessage: UI_TEXT.updateWebhookFailed }),
    onSuccess: accept,
  });
}

export function useRotateWebhookSecret() {
  const accept = useAcceptSavedEndpoint();
  return useMutation({
    mutationFn: (endpointId: string) =>
      api(
        webhookEndpoints.rotateSecret,
        { params: { id: endpointId } },
        { failMessage: UI_TEXT.rotateWebhookSecretFailed },
      ),
    onSuccess: (answer) => accept(answer.endpoint),
  });
}

export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      api(webhookEndpoints.remove, { params: { id: endpointId } }, { failMessage: UI_TEXT.deleteWebhookFailed }),
    onSuccess: (_answer, endpointId) => {
      queryClient.removeQueries({ queryKey: webhookKeys.detail(endpointId) });
      return queryClient.invalidateQueries({ queryKey: webhookKeys.lists() });
    },
  });
}

export function useSendWebhookTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (endpointId: string) =>
      api(webhookEndpoints.sendTest, { params: { id: endpointId } }, { failMessage: UI_TEXT.sendWebhookTestFailed }),
    onSuccess: (_delivery, endpointId) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}

export function useRedeliverWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ endpointId, deliveryId }: { endpointId: string; deliveryId: string }) =>
      api(
        webhookEndpoints.redeliver,
        { params: { id: endpointId, deliveryId } },
        { failMessage: UI_TEXT.redeliverWebhookFailed },
      ),
    onSuccess: (_delivery, { endpointId }) =>
      queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpointId) }),
  });
}
