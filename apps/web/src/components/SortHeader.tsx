import { Group, Table, UnstyledButton } from '@mantine/core';
import { HiChevronDown, HiChevronUp, HiSelector } from 'react-icons/hi?lazy';
import type { ListSort } from '@/lib/list-address';
import classes from './SortHeader.module.css';

interface SortHeaderProps<Key extends string> {
  label: string;
  sortKey: Key;
  sort: ListSort<Key>;
  onSort: (key: Key) => void;
  /** The column's width (a fixed-layout table gives the rest to the column without one). */
  width?: number;
}

/**
 * A column heading that sorts the list by its column: a click sorts by it, a second
 * click turns it around. The heading says which way it is sorted (aria-sort) and shows an arrow.
 */
export function SortHeader<Key extends string>({ label, sortKey, sort, onSort, width }: SortHeaderProps<Key>) {
  const active = sort.sort === sortKey;
  const Arrow = !active ? HiSelector : sort.order === 'asc' ? HiChevronUp : HiChevronDown;
  return (
    <Table.Th
      w={width}
      aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : undefined}
      className={classes.heading}
    >
      <UnstyledButton onClick={() => onSort(sortKey)} className={classes.button} data-active={active || undefined}>
        <Group gap={4} wrap="nowrap" component="span">
          <span>{label}</span>
          <Arrow size={14} aria-hidden className={classes.arrow} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
