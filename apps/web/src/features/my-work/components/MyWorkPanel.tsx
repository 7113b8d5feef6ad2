import { SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { hasRole, humanizeValue, MY_WORK_ITEMS, MY_WORK_TEXT, type MyWork, type TicketStatus } from '@smart/contracts';
import { LoadError } from '@/components/LoadError';
import { useAuth } from '@/features/auth';
import { formatDay, priorityLabel, statusLabel } from '@/lib/work-format';
import { useMyWork } from '../api';
import { myWorkLinks } from '../links';
import { useLiveMyWork } from '../live';
import { type MoreLink, WorkBlock, WorkRow } from './WorkBlock';

const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const ticketStatusLabel = (status: TicketStatus) => sentence(humanizeValue(status));

export type MyWorkBlock = keyof MyWork;
const EVERY_BLOCK: readonly MyWorkBlock[] = ['tasks', 'tickets', 'conversations'];

/** The first `rows` of a block (its counts stay whole: the links to the rest cover what is cut). */
function firstRows<Block extends { items: readonly unknown[] }>(block: Block | undefined, rows: number) {
  return block && { ...block, items: block.items.slice(0, rows) };
}

/**
 * What waits for the signed-in person: on the dashboard under the cards, every block;
 * atop an advisor's My Tasks (its landing page), the blocks that page is not already, fewer rows
 * each, so the task list stays in view.
 */
export function MyWorkPanel({
  blocks = EVERY_BLOCK,
  rows = MY_WORK_ITEMS,
}: {
  blocks?: readonly MyWorkBlock[];
  rows?: number;
}) {
  const work = useMyWork();
  const { user } = useAuth();
  useLiveMyWork();
  // The server adds unassigned tickets for those who handle them (tickets/policy.ts).
  const handlesTickets = hasRole(user, 'org_admin') || hasRole(user, 'advisor');
  const data = work.data;
  return (
    <Stack gap="sm" component="section" aria-labelledby="my-work-heading">
      <Title order={2} size="h3" id="my-work-heading">
        {MY_WORK_TEXT.title}
      </Title>
      {work.isError && !data ? (
        <LoadError
          message={work.error.message || MY_WORK_TEXT.loadFailed}
          onRetry={() => work.refetch()}
          retrying={work.isFetching}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: blocks.length }} spacing="md">
          {blocks.includes('tasks') && <TasksBlock tasks={firstRows(data?.tasks, rows)} />}
          {blocks.includes('tickets') && (
            <TicketsBlock tickets={firstRows(data?.tickets, rows)} handlesTickets={handlesTickets} />
          )}
          {blocks.includes('conversations') && (
            <ConversationsBlock conversations={firstRows(data?.conversations, rows)} />
          )}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function TasksBlock({ tasks }: { tasks: MyWork['tasks'] | undefined }) {
  const more: MoreLink[] = [];
  if (tasks && tasks.total > tasks.items.length) {
    if (tasks.overdue > 0) more.push({ label: `All ${tasks.overdue} overdue`, to: myWorkLinks.overdueTasks });
    more.push({ label: 'All due in the next 7 days', to: myWorkLinks.tasksDueSoon });
  }
  return (
    <WorkBlock
      title={MY_WORK_TEXT.tasksTitle}
      count={tasks?.total}
      loading={!tasks}
      isEmpty={tasks?.items.length === 0}
      empty={MY_WORK_TEXT.noTasks}
      more={more}
    >
      {tasks?.items.map((task) => (
        <WorkRow
          key={task.id}
          to={task.path}
          title={task.title}
          flag={
            task.overdue ? (
              <Text span inherit c="red" fw={600}>
                Overdue ·{' '}
              </Text>
            ) : null
          }
          detail={`Due ${formatDay(task.dueDate)} · ${statusLabel(task.status)} · ${task.project.title} › ${task.objective.title}`}
        />
      ))}
    </WorkBlock>
  );
}

function TicketsBlock({
  tickets,
  handlesTickets,
}: {
  tickets: MyWork['tickets'] | undefined;
  handlesTickets: boolean;
}) {
  const more: MoreLink[] = [];
  if (tickets) {
    const shownMine = tickets.items.filter((ticket) => ticket.assignedToMe).length;
    const shownUnassigned = tickets.items.length - shownMine;
    if (tickets.assignedToMe > shownMine) {
      more.push({ label: `All ${tickets.assignedToMe} assigned to me`, to: myWorkLinks.ticketsAssignedToMe });
    }
    if (tickets.unassigned > shownUnassigned) {
      more.push({ label: `All ${tickets.unassigned} unassigned`, to: myWorkLinks.unassignedTickets });
    }
    if (tickets.nearBreach > 0) {
      more.push({ label: `${tickets.nearBreach} near or past a service level`, to: myWorkLinks.ticketsBySlaDue });
    }
  }
  return (
    <WorkBlock
      title={MY_WORK_TEXT.ticketsTitle}
      count={tickets?.total}
      loading={!tickets}
      isEmpty={tickets?.items.length === 0}
      empty={handlesTickets ? MY_WORK_TEXT.noTicketsHandler : MY_WORK_TEXT.noTickets}
      more={more}
    >
      {tickets?.items.map((ticket) => (
        <WorkRow
          key={ticket.id}
          to={ticket.path}
          title={ticket.title}
          detail={[
            ...(ticket.sla ? [ticket.sla === 'breached' ? 'Service level breached' : 'Service level at risk'] : []),
            priorityLabel(ticket.priority),
            ticketStatusLabel(ticket.status),
            ticket.standingInFor
              ? `For ${ticket.standingInFor} (away)`
              : ticket.assignedToMe
                ? 'Assigned to me'
                : 'Unassigned',
            ticket.organizationName,
          ].join(' · ')}
        />
      ))}
    </WorkBlock>
  );
}

function ConversationsBlock({ conversations }: { conversations: MyWork['conversations'] | undefined }) {
  const more: MoreLink[] =
    conversations && conversations.total > conversations.items.length
      ? [{ label: `All ${conversations.total} in the messenger`, to: myWorkLinks.messenger }]
      : [];
  return (
    <WorkBlock
      title={MY_WORK_TEXT.conversationsTitle}
      count={conversations?.total}
      loading={!conversations}
      isEmpty={conversations?.items.length === 0}
      empty={MY_WORK_TEXT.noConversations}
      more={more}
    >
      {conversations?.items.map((conversation) => (
        <WorkRow
          key={conversation.id}
          to={conversation.path}
          title={conversation.title}
          detail={[
            `${conversation.unreadCount} unread`,
            conversation.lastMessage
              ? `${conversation.lastMessage.senderName}: ${conversation.lastMessage.content}`
              : conversation.organizationName,
          ].join(' · ')}
        />
      ))}
    </WorkBlock>
  );
}
