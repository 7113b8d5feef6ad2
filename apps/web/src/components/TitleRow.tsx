import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The narrowest a page's title may get beside its buttons. Past it the buttons go below the title:
 * at 1280 px a task's five buttons left its title 16rem, four lines, and on a phone
 * Create Template left a department's name a letter a line.
 */
const TITLE_MIN_WIDTH = '30rem';

interface TitleRowProps {
  /** The page's h1, with what belongs beside it (a department's icon, a line under it). */
  title: ReactNode;
  /** The page's buttons (Edit, Delete, Create Template); none, no room kept. */
  actions?: ReactNode;
}

/** A page's title with its buttons: beside it while the title keeps TITLE_MIN_WIDTH, else wrapped below it. */
export function TitleRow({ title, actions }: TitleRowProps) {
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Box style={{ flex: `1 1 ${TITLE_MIN_WIDTH}`, minWidth: 0 }}>{title}</Box>
      {actions && <Group gap="xs">{actions}</Group>}
    </Group>
  );
}
