import { Button, Grid, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { type TicketDetail, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiArrowLeft, HiPencil, HiTrash, HiUserAdd } from 'react-icons/hi';
import { Link, useNavigate, useParams } from 'react-router';
import { FollowControl } from '@/components/FollowControl';
import { HistoryPanel } from '@/components/HistoryPanel';
import { RecordState } from '@/components/RecordState';
import { TimePanel } from '@/components/TimePanel';
import { paths } from '@/lib/paths';
import { useReadOnOpen } from '@/lib/read-on-open';
import { useTicket } from '../api';
import { TicketAttachments } from '../components/TicketAttachments';
import { TicketBadgesLine } from '../components/TicketBadges';
import { TicketComments } from '../components/TicketComments';
import { TicketDetailsPanel } from '../components/TicketDetailsPanel';
import { type OpenDialog, TicketDialogs } from '../components/TicketDialogs';
import { TicketSlaPanel } from '../components/TicketSlaPanel';

import { useTicketRoom } from '../live';
import { historySentence } from '../ticket-labels';

function BackToTickets() {
  return (
    <Button component={Link} to={paths.tickets} variant="default" leftSection={<HiArrowLeft aria-hidden />}>
      {UI_TEXT.backToTickets}
    </Button>
  );
}

/**
 * /dashboard/tickets/{id}: the ticket, its files, comments, details and history. It
 * stays current while open: changes by others arrive through the ticket's room.
 */
export default function TicketDetailPage() {
  const ticketId = useParams().ticketId ?? '';
  const ticket = useTicket(ticketId);
  useReadOnOpen('ticket', ticket.isSuccess ? ticketId : undefined);
  useTicketRoom(ticketId);
  return (
    <RecordState
      key={ticketId}
      query={ticket}
      back={{ to: paths.tickets, label: UI_TEXT.backToTickets }}
      loading={UI_TEXT.loadingTicket}
      notFound={UI_TEXT.ticketNotFound}
      failMessage={UI_TEXT.fetchTicketFailed}
    >
      {(loaded) => <TicketView ticket={loaded} />}
    </RecordState>
  );
}

function TicketView({ ticket: current }: { ticket: TicketDetail }) {
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const { canEdit, canAssign, canDelete } = current.permissions;
  const open = (action: OpenDialog['action']) => setDialog({ action, ticket: current });
  return (
    <Stack gap="lg">
      <Group justify="space-between" gap="sm">
        <BackToTickets />
        <Group gap="xs">
          <FollowControl recordType="ticket" recordId={current.id} />
          {canEdit && (
            <Button variant="default" leftSection={<HiPencil aria-hidden />} onClick={() => open('edit')}>
              Edit
            </Button>
          )}
          {canAssign && (
            <Button variant="default" leftSection={<HiUserAdd aria-hidden />} onClick={() => open('assign')}>
              Assign
            </Button>
          )}
          {canDelete && (
            <Button color="red" leftSection={<HiTrash aria-hidden />} onClick={() => open('delete')}>
              Delete
            </Button>
          )}
        </Group>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="lg">
            <Paper withBorder radius="md" p="lg">
              <Stack gap="sm">
                <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
                  {current.title}
                </Title>
                <TicketBadgesLine ticket={current} />
                <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{current.description}</Text>
              </Stack>
            </Paper>
            <TicketAttachments ticketId={current.id} attachments={current.attachments} canAttach={canEdit} />
            <TimePanel
              record={{ recordType: 'ticket', recordId: current.id }}
              canRecord={current.permissions.canEdit || current.permissions.canChangeStatus}
            />
            <TicketComments
              ticketId={current.id}
              comments={current.comments}
              people={[current.createdBy, current.assignedTo]}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Stack gap="lg">
            <TicketDetailsPanel ticket={current} />
            <TicketSlaPanel sla={current.sla} />
            <HistoryPanel entries={current.history} sentence={historySentence} />
          </Stack>
        </Grid.Col>
      </Grid>
      <TicketDialogs open={dialog} onClose={() => setDialog(null)} onDeleted={() => navigate(paths.tickets)} />
    </Stack>
  );
}
