import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { MESSAGES, TICKET_PAGE_SIZE, type Ticket, ticketRangeText } from '@smart/contracts';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CreateButton } from '@/components/CreateButton';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { paths } from '@/lib/paths';
import { useTicketPage } from '../api';
import { type OpenDialog, TicketDialogs } from '../components/TicketDialogs';
import { TicketFilterBar } from '../components/TicketFilterBar';
import { TicketFormModal } from '../components/TicketFormModal';
import type { TicketAction } from '../components/TicketRowActions';
import { TicketsTable } from '../components/TicketsTable';
import { useCanRaiseTickets, useChoosesOrganization } from '../ticket-author';
import { readTicketFilters, withFilter, withPage } from '../ticket-filters';

/**
 * /dashboard/tickets (section 2): the tickets the user may read, ten a page, filtered on the
 * server. Filters and page live in the address, so a reload or a shared link shows the same page.
 */
export default function TicketsPage() {
  const [params, setParams] = useSearchParams();
  const filters = readTicketFilters(params);
  const list = useTicketPage(filters);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const pagination = list.data?.pagination;
  const canCreate = useCanRaiseTickets();
  // Admins and advisors answer the tickets of organizations not their own.
  const staff = useChoosesOrganization() || !canCreate;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageTitle
          title={MESSAGES.ticketsTitle}
          subtitle={
            staff ? 'Support requests of the organizations you support' : 'Support requests raised in your organization'
          }
        />
        {canCreate && <CreateButton onClick={() => setCreating(true)}>Create New Ticket</CreateButton>}
      </Group>
      <TicketFilterBar filters={filters} onChange={(name, value) => setParams(withFilter(params, name, value))} />
      <Paper withBorder radius="md">
        {list.isPending ? (
          <PageLoader label="Loading tickets..." />
        ) : list.isError ? (
          <LoadError message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : list.data.data.length === 0 ? (
          <Stack align="center" gap={4} py="xl" px="md">
            <Text fw={600}>{MESSAGES.noTickets}</Text>
            <Text c="dimmed" size="sm" ta="center">
              {MESSAGES.noTicketsHint}
            </Text>
          </Stack>
        ) : (
          <TicketsTable
            tickets={list.data.data}
            onAction={(action: TicketAction, ticket: Ticket) => setDialog({ action, ticket })}
          />
        )}
      </Paper>
      {pagination && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {ticketRangeText(pagination.page, TICKET_PAGE_SIZE, pagination.total)}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={pagination.page <= 1}
              onClick={() => setParams(withPage(params, pagination.page - 1))}
            >
              Previous
            </Button>
            <Button
              variant="default"
              disabled={pagination.page >= pagination.pages}
              onClick={() => setParams(withPage(params, pagination.page + 1))}
            >
              Next
            </Button>
          </Group>
        </Group>
      )}
      <TicketFormModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(ticket) => navigate(paths.ticket(ticket.id))}
      />
      <TicketDialogs open={dialog} onClose={() => setDialog(null)} />
    </Stack>
  );
}
