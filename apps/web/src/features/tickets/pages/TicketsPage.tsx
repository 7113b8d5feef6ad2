import { Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { TICKET_PAGE_SIZE, type Ticket, type TicketSort, ticketRangeText, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { CreateButton } from '@/components/CreateButton';
import { ExportCsvButton } from '@/components/ExportCsvButton';
import { FilterDrawer } from '@/components/FilterDrawer';
import { EmptyState, NoMatches } from '@/components/ListView';
import { LoadError } from '@/components/LoadError';
import { PageLoader } from '@/components/PageLoader';
import { PageTitle } from '@/components/PageTitle';
import { SortSelect } from '@/components/SortSelect';
import { useAuth } from '@/features/auth';
import { useAddressParams } from '@/lib/address-params';
import { useWideEnough } from '@/lib/element-width';
import { type ListSort, nextSort, withPage, withSort } from '@/lib/list-address';
import { useOrganizationReach } from '@/lib/organization-reach';
import { paths } from '@/lib/paths';
import { useTicketPage } from '../api';
import { TicketCards } from '../components/TicketCards';
import { type OpenDialog, TicketDialogs } from '../components/TicketDialogs';
import { TicketFilterFields, TicketSearch, TicketViewControl } from '../components/TicketFilterBar';
import { TicketFormModal } from '../components/TicketFormModal';
import type { TicketAction } from '../components/TicketRowActions';
import { TicketsTable, ticketsTableMinWidth } from '../components/TicketsTable';
import { useCanRaiseTickets, useChoosesOrganization } from '../ticket-author';
import {
  activeTicketFilters,
  isFiltered,
  readTicketFilters,
  TICKET_SORT_RULES,
  withFilter,
  withoutFilters,
  withView,
} from '../ticket-filters';
import { TICKET_SORT_LABELS } from '../ticket-labels';

const { organization: _, ...withoutOrganizationSort } = TICKET_SORT_LABELS;

/** How far a frame narrower than the table may scroll it sideways (its actions stay in view) before cards take over. */
const SIDEWAYS_ALLOWANCE_PX = 60;

/**
 * /dashboard/tickets: the tickets the user may read, ten a page, filtered and sorted on
 * the server. Filters, sort and page live in the address, so a reload or a shared link shows the
 * same page. Where the table's columns fit it is a table sorted by its headings; on a phone, cards
 * with the filters and the sort in a drawer.
 */
export default function TicketsPage() {
  const [params, updateParams] = useAddressParams();
  const filters = readTicketFilters(params);
  // The export holds every page of the list as filtered and sorted now.
  const { page: _page, ...exportQuery } = filters;
  const list = useTicketPage(filters);
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const pagination = list.data?.pagination;
  const canCreate = useCanRaiseTickets();
  // Admins and advisors answer the tickets of organizations not their own.
  const staff = useChoosesOrganization() || !canCreate;
  const organizations = useOrganizationReach(useAuth().user);
  const withOrganization = organizations.many;
  const [frame, wide] = useWideEnough<HTMLDivElement>(ticketsTableMinWidth(withOrganization) - SIDEWAYS_ALLOWANCE_PX);

  const changeFilter = (name: Parameters<typeof withFilter>[1], value: string | null) =>
    updateParams((latest) => withFilter(latest, name, value));
  const changeSort = (sort: ListSort<TicketSort>) =>
    updateParams((latest) => withSort(latest, sort, TICKET_SORT_RULES));
  const onAction = (action: TicketAction, ticket: Ticket) => setDialog({ action, ticket });
  const fields = (
    <TicketFilterFields
      filters={filters}
      onChange={changeFilter}
      organizations={withOrganization ? organizations.reach : null}
    />
  );

  return (
    <Stack gap="lg" ref={frame}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <PageTitle
          title={UI_TEXT.ticketsTitle}
          subtitle={
            staff ? 'Support requests of the organizations you support' : 'Support requests raised in your organization'
          }
        />
        <Group gap="sm">
          <ExportCsvButton kind="tickets" query={exportQuery} />
          {canCreate && <CreateButton onClick={() => setCreating(true)}>Create New Ticket</CreateButton>}
        </Group>
      </Group>
      {wide ? (
        <Stack gap="sm">
          <TicketViewControl filters={filters} onView={(view) => updateParams((latest) => withView(latest, view))} />
          <SimpleGrid cols={withOrganization ? 6 : 5} spacing="sm">
            <TicketSearch filters={filters} onChange={changeFilter} />
            {fields}
          </SimpleGrid>
        </Stack>
      ) : (
        <Group gap="sm" align="flex-end" wrap="nowrap">
          <Box style={{ flex: 1, minWidth: 0 }}>
            <TicketSearch filters={filters} onChange={changeFilter} />
          </Box>
          <FilterDrawer count={activeTicketFilters(filters)} onClear={() => updateParams(withoutFilters)}>
            <TicketViewControl
              filters={filters}
              onView={(view) => updateParams((latest) => withView(latest, view))}
              vertical
            />
            {fields}
            <SortSelect
              sort={filters}
              rules={TICKET_SORT_RULES}
              labels={withOrganization ? TICKET_SORT_LABELS : withoutOrganizationSort}
              onChange={changeSort}
            />
          </FilterDrawer>
        </Group>
      )}
      <Paper withBorder={wide} radius="md">
        {list.isPending ? (
          <PageLoader label="Loading tickets..." />
        ) : list.isError ? (
          <LoadError message={list.error.message} onRetry={() => list.refetch()} retrying={list.isFetching} />
        ) : list.data.data.length === 0 ? (
          <EmptyTickets
            filtered={isFiltered(filters)}
            pastTheEnd={list.data.pagination.total > 0}
            onClear={() => updateParams(withoutFilters)}
            onFirstPage={() => updateParams((latest) => withPage(latest, 1))}
          />
        ) : wide ? (
          <TicketsTable
            tickets={list.data.data}
            sort={filters}
            onSort={(key) => changeSort(nextSort(filters, key, TICKET_SORT_RULES))}
            withOrganization={withOrganization}
            onAction={onAction}
          />
        ) : (
          <TicketCards tickets={list.data.data} withOrganization={withOrganization} onAction={onAction} />
        )}
      </Paper>
      {pagination && pagination.total > 0 && (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {ticketRangeText(pagination.page, TICKET_PAGE_SIZE, pagination.total)}
          </Text>
          <Group gap="xs">
            <Button
              variant="default"
              disabled={pagination.page <= 1}
              onClick={() => updateParams((latest) => withPage(latest, pagination.page - 1))}
            >
              Previous
            </Button>
            <Button
              variant="default"
              disabled={pagination.page >= pagination.pages}
              onClick={() => updateParams((latest) => withPage(latest, pagination.page + 1))}
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

/**
 * An empty answer: nothing matches the search and filters (with a way back to every ticket), a page
 * past the end of the list (a stale link), or no tickets at all.
 */
function EmptyTickets({
  filtered,
  pastTheEnd,
  onClear,
  onFirstPage,
}: {
  filtered: boolean;
  pastTheEnd: boolean;
  onClear: () => void;
  onFirstPage: () => void;
}) {
  if (pastTheEnd) {
    return (
      <EmptyState
        empty={{ title: UI_TEXT.noTickets, text: 'This page is past the end of the list.' }}
        action={
          <Button variant="light" mt="sm" onClick={onFirstPage}>
            First page
          </Button>
        }
      />
    );
  }
  if (filtered) return <NoMatches title={UI_TEXT.noTickets} text={UI_TEXT.noMatchingTickets} onClear={onClear} />;
  return <EmptyState empty={{ title: UI_TEXT.noTickets, text: UI_TEXT.noTicketsHint }} />;
}
