import { SegmentedControl, Select, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { MAX_SEARCH_LENGTH } from '@smart/contracts';
import { useEffect, useState } from 'react';
import { HiSearch } from 'react-icons/hi';
import { OrganizationFilter } from '@/components/OrganizationFilter';
import type { OrganizationReach } from '@/lib/organization-reach';
import { type TicketFilterName, type TicketFilters, type TicketView, ticketView } from '../ticket-filters';
import { CATEGORY_OPTIONS, PRIORITY_OPTIONS, SLA_FILTER_OPTIONS, STATUS_OPTIONS } from '../ticket-labels';

type FilterChange = (name: TicketFilterName, value: string | null) => void;

/** The search over titles and descriptions; it waits for typing to pause. */
export function TicketSearch({ filters, onChange }: { filters: TicketFilters; onChange: FilterChange }) {
  const [search, setSearch] = useState(filters.search ?? '');
  const sendSearch = useDebouncedCallback((text: string) => onChange('search', text.trim() || null), 300);
  // The address changed under the box (Clear filters, Back): the box follows it.
  useEffect(() => {
    setSearch((typed) => (typed.trim() === (filters.search ?? '') ? typed : (filters.search ?? '')));
  }, [filters.search]);
  return (
    <TextInput
      label="Search"
      placeholder="Title or description"
      leftSection={<HiSearch aria-hidden />}
      maxLength={MAX_SEARCH_LENGTH}
      value={search}
      onChange={(event) => {
        setSearch(event.currentTarget.value);
        sendSearch(event.currentTarget.value);
      }}
    />
  );
}

const VIEW_OPTIONS: { value: TicketView; label: string }[] = [
  { value: 'all', label: 'All tickets' },
  { value: 'assigned', label: 'Assigned to me' },
  { value: 'created', label: 'Created by me' },
  { value: 'unassigned', label: 'Unassigned' },
];

/** All tickets, Assigned to me, Created by me, Unassigned: one at a time. */
export function TicketViewControl({
  filters,
  onView,
  vertical = false,
}: {
  filters: TicketFilters;
  onView: (view: TicketView) => void;
  vertical?: boolean;
}) {
  return (
    <SegmentedControl
      aria-label="Show"
      data={VIEW_OPTIONS}
      value={ticketView(filters)}
      onChange={(value) => onView(value as TicketView)}
      orientation={vertical ? 'vertical' : 'horizontal'}
      fullWidth={vertical}
    />
  );
}

const ALL = {
  status: 'All statuses',
  priority: 'All priorities',
  category: 'All categories',
  sla: 'Any service level',
} as const;

/**
 * Status, priority and category, and the organization for whoever reaches several:
 * side by side on a wide screen, one under another in the phone's drawer.
 */
export function TicketFilterFields({
  filters,
  onChange,
  organizations,
}: {
  filters: TicketFilters;
  onChange: FilterChange;
  organizations: OrganizationReach | null;
}) {
  const select = (name: 'status' | 'priority' | 'category' | 'sla', label: string, data: typeof STATUS_OPTIONS) => (
    <Select
      label={label}
      placeholder={ALL[name]}
      data={data}
      value={filters[name] ?? null}
      onChange={(value) => onChange(name, value)}
      clearable
    />
  );
  return (
    <>
      {select('status', 'Status', STATUS_OPTIONS)}
      {select('priority', 'Priority', PRIORITY_OPTIONS)}
      {select('category', 'Category', CATEGORY_OPTIONS)}
      {select('sla', 'Service level', SLA_FILTER_OPTIONS)}
      {organizations && organizations !== 'own' && (
        <OrganizationFilter
          reach={organizations}
          value={filters.organizationId ?? null}
          onChange={(value) => onChange('organizationId', value)}
        />
      )}
    </>
  );
}
