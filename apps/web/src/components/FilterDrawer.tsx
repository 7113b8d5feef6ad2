import { Badge, Button, Drawer, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { HiFilter } from 'react-icons/hi?lazy';

interface FilterDrawerProps {
  /** How many filters narrow the list now: the button shows it. */
  count: number;
  onClear: () => void;
  /** The filters (and the sort), as the wide layout shows them in a row. */
  children: ReactNode;
}

/**
 * A list's filters on a narrow screen: one 'Filters' button counting the active ones,
 * opening a drawer that holds them, instead of a row of fields that pushes the list off screen.
 */
export function FilterDrawer({ count, onClear, children }: FilterDrawerProps) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        leftSection={<HiFilter size={16} aria-hidden />}
        rightSection={
          count > 0 ? (
            <Badge size="sm" circle aria-label={`${count} active`}>
              {count}
            </Badge>
          ) : undefined
        }
        onClick={open}
      >
        Filters
      </Button>
      <Drawer opened={opened} onClose={close} title="Filters" position="right" size="xs">
        <Stack gap="md">
          {children}
          <Group justify="space-between" mt="xs">
            <Button variant="subtle" onClick={onClear} disabled={count === 0}>
              Clear filters
            </Button>
            <Button onClick={close}>Done</Button>
          </Group>
        </Stack>
      </Drawer>
    </>
  );
}
