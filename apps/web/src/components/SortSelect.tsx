import { ActionIcon, Group, Select, Tooltip } from '@mantine/core';
import { reverseOrder } from '@smart/contracts';
import { HiSortAscending, HiSortDescending } from 'react-icons/hi?lazy';
import type { ListSort, SortRules } from '@/lib/list-address';

interface SortSelectProps<Key extends string> {
  sort: ListSort<Key>;
  rules: SortRules<Key>;
  /** What each key offered is called on screen, in the order the select offers them. */
  labels: Partial<Record<Key, string>>;
  onChange: (sort: ListSort<Key>) => void;
}

/**
 * 'Sort by' for a list without column headings (cards, a phone's list): the key, each starting
 * its own way, and a button that turns the order around.
 */
export function SortSelect<Key extends string>({ sort, rules, labels, onChange }: SortSelectProps<Key>) {
  const turn = sort.order === 'asc' ? 'Sort descending' : 'Sort ascending';
  const Icon = sort.order === 'asc' ? HiSortAscending : HiSortDescending;
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <Select
        label="Sort by"
        data={Object.entries<string | undefined>(labels).map(([value, label]) => ({ value, label: label ?? value }))}
        value={sort.sort}
        onChange={(value) => {
          const key = rules.keys.find((candidate) => candidate === value);
          if (key) onChange({ sort: key, order: rules.defaultOrders[key] });
        }}
        allowDeselect={false}
        style={{ flex: 1, minWidth: 0 }}
      />
      <Tooltip label={turn} withArrow>
        <ActionIcon
          variant="default"
          size="input-sm"
          aria-label={turn}
          onClick={() => onChange({ sort: sort.sort, order: reverseOrder(sort.order) })}
        >
          <Icon size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
