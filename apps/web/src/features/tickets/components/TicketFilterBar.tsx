import { Select, SimpleGrid, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { MAX_SEARCH_LENGTH } from '@smart/contracts';
import { useState } from 'react';
import { HiSearch } from 'react-icons/hi';
import type { TicketFilterName, TicketFilters } from '../ticket-filters';
import { CATEGORY_OPTIONS, PRIORITY_OPTIONS, STATUS_OPTIONS } from '../ticket-labels';

interface TicketFilterBarProps {
  filters: TicketFilters;
  onChange: (name: TicketFilterName, value: string | null) => void;
}

const ALL = { status: 'All statuses', priority: 'All priorities', category: 'All categories' } as const;

/** Search, status, priority and category (section 2); the search waits for typing to pause. */
export function TicketFilterBar({ filters, onChange }: TicketFilterBarProps) {
  const [search, setSearch] = useState(filters.search ?? '');
  const sendSearch = useDebouncedCallback((text: string) => onChange('search', text.trim() || null), 300);
  const select = (name: Exclude<TicketFilterName, 'search'>, label: string, data: typeof STATUS_OPTIONS) => (
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
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
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
      {select('status', 'Status', STATUS_OPTIONS)}
      {select('priority', 'Priority', PRIORITY_OPTIONS)}
      {select('category', 'Category', CATEGORY_OPTIONS)}
    </SimpleGrid>
  );
}
