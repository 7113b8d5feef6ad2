import { type MyWork, type MyWorkConversation, recordPaths, type TaskPriority } from '@smart/contracts';
import type { ConversationRecord } from '../messenger/index.js';
import type { MyWorkRecords } from './service.js';

/**
 * My work's rows as the dashboard shows them: each with the app's path of its record
 * (contracts' recordPaths), and each block's counts from its first row (0 when it has none).
 */

function presentConversation(record: ConversationRecord): MyWorkConversation {
  const { conversation, lastMessage } = record;
  return {
    id: conversation.id,
    title: conversation.title,
    organizationName: record.organizationName,
    unreadCount: record.unreadCount,
    lastMessage: lastMessage
      ? { senderName: lastMessage.senderName, content: lastMessage.content, sentAt: lastMessage.sentAt }
      : null,
    path: recordPaths.conversation(conversation.id),
  };
}

export function presentMyWork({ taskRows, ticketRows, conversationRows }: MyWorkRecords): MyWork {
  const [firstTask] = taskRows;
  const [firstTicket] = ticketRows;
  return {
    tasks: {
      total: firstTask?.total ?? 0,
      overdue: firstTask?.overdueTotal ?? 0,
      items: taskRows.map((row) => ({
        id: row.id,
        title: row.title,
        status: row.status,
        // A task's priority is one of the task priorities (the column's enum is shared with objectives).
        priority: row.priority as TaskPriority,
        dueDate: row.dueDate,
        overdue: row.overdue,
        project: { _id: row.projectId, title: row.projectTitle },
        objective: { _id: row.objectiveId, title: row.objectiveTitle },
        path: recordPaths.task(row.projectId, row.objectiveId, row.id),
      })),
    },
    tickets: {
      total: firstTicket?.total ?? 0,
      assignedToMe: firstTicket?.assignedToMeTotal ?? 0,
      unassigned: (firstTicket?.total ?? 0) - (firstTicket?.assignedToMeTotal ?? 0) - (firstTicket?.standInTotal ?? 0),
      nearBreach: firstTicket?.nearBreachTotal ?? 0,
      items: ticketRows.map((row) => ({
        id: row.id,
        title: row.title,
        status: row.status,
        priority: row.priority,
        organizationName: row.organizationName,
        assignedToMe: row.assignedToMe,
        sla: row.sla,
        standingInFor: row.standingInFor,
        createdAt: row.createdAt.toISOString(),
        path: recordPaths.ticket(row.id),
      })),
    },
    conversations: {
      total: conversationRows[0]?.total ?? 0,
      items: conversationRows.map(presentConversation),
    },
  };
}
