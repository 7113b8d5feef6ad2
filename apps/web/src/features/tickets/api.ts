import {
  type CreateTicketBody,
  type TicketAttachment,
  type TicketStatus,
  ticketEndpoints,
  UI_TEXT,
  type UpdateTicketBody,
} from '@smart/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { saveAttachedFile } from '@/lib/file-download';
import type { NewComment } from '@/lib/mentionable';
import { uploadFile } from '@/lib/upload-file';
import { ticketQueries } from './queries';
import type { TicketFilters } from './ticket-filters';

/**
 * Support tickets. Rows come with their people, counts and the
 * caller's permissions, so the pages never ask for more to decide what to show.
 */

// ---- requests -------------------------------------------------------------------------------

export const createTicket = (body: CreateTicketBody, failMessage: string = UI_TEXT.createTicketFailed) =>
  api(ticketEndpoints.create, { body }, { failMessage });

const updateTicket = (ticketId: string, body: UpdateTicketBody) =>
  api(ticketEndpoints.update, { params: { id: ticketId }, body }, { failMessage: UI_TEXT.updateTicketFailed });

const deleteTicket = (ticketId: string) =>
  api(ticketEndpoints.remove, { params: { id: ticketId } }, { failMessage: UI_TEXT.deleteTicketFailed });

const assignTicket = (ticketId: string, assignedTo: string | null) =>
  api(
    ticketEndpoints.assign,
    { params: { id: ticketId }, body: { assignedTo } },
    { failMessage: UI_TEXT.assignTicketFailed },
  );

const changeTicketStatus = (ticketId: string, status: TicketStatus) =>
  api(
    ticketEndpoints.setStatus,
    { params: { id: ticketId }, body: { status } },
    { failMessage: UI_TEXT.updateTicketFailed },
  );

const addTicketComment = (ticketId: string, comment: NewComment) =>
  api(ticketEndpoints.comment, { params: { id: ticketId }, body: comment }, { failMessage: UI_TEXT.addCommentFailed });

/** Stores the file (POST /api/files/upload), then attaches it to the ticket with its metadata. */
export async function attachTicketFile(ticketId: string, file: File) {
  const uploaded = await uploadFile(file, { failMessage: UI_TEXT.uploadFileFailed });
  return api(
    ticketEndpoints.attach,
    {
      params: { id: ticketId },
      body: {
        filename: uploaded.fileName,
        originalName: uploaded.originalName,
        mimeType: uploaded.fileType,
        size: uploaded.fileSize,
        url: uploaded.fileUrl,
      },
    },
    { failMessage: UI_TEXT.attachFileFailed },
  );
}

const removeTicketAttachment = (ticketId: string, attachmentId: string) =>
  api(
    ticketEndpoints.detach,
    { params: { id: ticketId, attachmentId } },
    { failMessage: UI_TEXT.removeAttachmentFailed },
  );

/** Opens an attached file: the server answers a signed link (minutes long) only to a reader of the ticket. */
export const downloadTicketAttachment = (attachment: TicketAttachment) =>
  saveAttachedFile(attachment.filename, attachment.originalName);

/** One page of the list; the last page stays on screen while the next one loads. */
export function useTicketPage(filters: TicketFilters) {
  return useQuery({ ...ticketQueries.list(filters), placeholderData: keepPreviousData });
}

export function useTicket(ticketId: string) {
  return useQuery(ticketQueries.detail(ticketId));
}

export function useActiveAdvisors(organizationId: string) {
  return useQuery(ticketQueries.advisors(organizationId));
}

// ---- mutations ------------------------------------------------------------------------------

/** A change to one ticket shows in its page and in every list (counts, status, assignee). */
function useRefreshTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketQueries.all() });
}

export function useCreateTicket() {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (body: CreateTicketBody) => createTicket(body), onSuccess: refresh });
}

export function useUpdateTicket(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (body: UpdateTicketBody) => updateTicket(ticketId, body), onSuccess: refresh });
}

export function useAssignTicket(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (userId: string | null) => assignTicket(ticketId, userId), onSuccess: refresh });
}

export function useChangeTicketStatus(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (status: TicketStatus) => changeTicketStatus(ticketId, status),
    onSuccess: refresh,
  });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTicket,
    // The deleted ticket's page is left, not refetched into a 404.
    onSuccess: (_data, ticketId) => {
      queryClient.removeQueries({ queryKey: ticketQueries.detail(ticketId).queryKey });
      return queryClient.invalidateQueries({ queryKey: ticketQueries.lists() });
    },
  });
}

export function useAddTicketComment(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (comment: NewComment) => addTicketComment(ticketId, comment), onSuccess: refresh });
}

export function useAttachTicketFile(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({ mutationFn: (file: File) => attachTicketFile(ticketId, file), onSuccess: refresh });
}

export function useRemoveTicketAttachment(ticketId: string) {
  const refresh = useRefreshTickets();
  return useMutation({
    mutationFn: (attachmentId: string) => removeTicketAttachment(ticketId, attachmentId),
    onSuccess: refresh,
  });
}
