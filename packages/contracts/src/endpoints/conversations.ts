import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import { envelope, errorResponse, idParams, pagedEnvelope } from '../schemas/common.js';
import {
  advisorConversationQuery,
  availableAdvisorSchema,
  conversationListQuery,
  conversationSchema,
  createConversationBody,
  generalConversationQuery,
  privateAdvisorConversationQuery,
  unreadTotalSchema,
  updateConversationBody,
} from '../schemas/messenger.js';

const tags = ['Messenger'];
const conversationEnvelope = envelope(conversationSchema);

/** Conversations: rules in the server's messenger/conversations/policy.ts. */
export const conversationEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/api/conversations',
    operationId: 'listConversations',
    scope: 'messages:read',
    tags,
    summary:
      "The caller's conversations, most recent activity first, with the last message, participant count and unread count",
    query: conversationListQuery,
    responses: { 200: pagedEnvelope(conversationSchema) },
  }),
  unread: endpoint({
    method: 'GET',
    path: '/api/conversations/unread',
    operationId: 'getUnreadMessages',
    scope: 'messages:read',
    tags,
    summary: "Messages by others after the caller's read markers, over all its conversations (the menu's badge)",
    responses: { 200: envelope(unreadTotalSchema) },
  }),
  general: endpoint({
    method: 'GET',
    path: '/api/conversations/general',
    operationId: 'getGeneralConversation',
    scope: 'messages:read',
    tags,
    summary:
      "Gets or creates the organization's general conversation (an advisor names the organization); the caller joins it",
    query: generalConversationQuery,
    responses: { 200: conversationEnvelope, 400: errorResponse, 404: errorResponse },
  }),
  availableAdvisors: endpoint({
    method: 'GET',
    path: '/api/conversations/advisors/available',
    operationId: 'listAvailableAdvisors',
    scope: 'messages:read',
    tags,
    summary: "The advisors a member may chat with: its organization's active ones (nobody else has any)",
    responses: { 200: envelope(z.array(availableAdvisorSchema)) },
  }),
  advisorConversation: endpoint({
    method: 'GET',
    path: '/api/conversations/advisors/conversation',
    operationId: 'getAdvisorConversation',
    scope: 'messages:read',
    tags,
    summary:
      'Gets or creates the chat between an organization and its advisor: a member names the advisor (else its first), an advisor the organization (?org=)',
    query: advisorConversationQuery,
    responses: { 200: conversationEnvelope, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  privateAdvisorConversation: endpoint({
    method: 'GET',
    path: '/api/conversations/advisors/private',
    operationId: 'getPrivateAdvisorConversation',
    scope: 'messages:read',
    tags,
    summary:
      "Gets or creates a member's private chat with one of its organization's advisors (only the two of them): 'Chat with your advisor'",
    query: privateAdvisorConversationQuery,
    responses: { 200: conversationEnvelope, 400: errorResponse, 403: errorResponse, 404: errorResponse },
  }),
  advisorConversations: endpoint({
    method: 'GET',
    path: '/api/conversations/advisors/conversations',
    operationId: 'listAdvisorConversations',
    scope: 'messages:read',
    tags,
    summary:
      "The caller's advisor chats (organization-wide and private), most recent first: an advisor's across every organization it is assigned to, each labelled",
    query: conversationListQuery,
    responses: { 200: pagedEnvelope(conversationSchema) },
  }),
  get: endpoint({
    method: 'GET',
    path: '/api/conversations/:id',
    operationId: 'getConversation',
    scope: 'messages:read',
    tags,
    summary: 'A conversation the caller takes part in',
    params: idParams,
    responses: { 200: conversationEnvelope },
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/conversations',
    operationId: 'createConversation',
    scope: 'messages:write',
    tags,
    summary:
      "Start a conversation with people of the caller's organization and its active advisors (an advisor names the organization)",
    body: createConversationBody,
    responses: { 201: conversationEnvelope, 400: errorResponse, 404: errorResponse },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/api/conversations/:id',
    operationId: 'updateConversation',
    scope: 'messages:write',
    tags,
    summary:
      'Change the title, status or participants (the whole list, the caller included): docs/decisions/0096-messenger-who-is-in-a-conversation-and-who-may-change-it.md says who may',
    params: idParams,
    body: updateConversationBody,
    responses: { 200: conversationEnvelope, 400: errorResponse, 403: errorResponse },
  }),
};
