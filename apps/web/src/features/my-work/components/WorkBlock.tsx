import { Anchor, Badge, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import classes from './WorkBlock.module.css';

export interface MoreLink {
  label: string;
  to: string;
}

interface WorkBlockProps {
  title: string;
  /** How many rows the block's count covers (shown once loaded). */
  count?: number | undefined;
  loading: boolean;
  /** The rows, or nothing while loading, failed or empty. */
  children?: ReactNode;
  empty: string;
  isEmpty: boolean;
  /** Links to the filtered lists when the count holds more than the rows shown. */
  more?: MoreLink[];
}

/** One block of My work: its heading and count, its rows (links to the records), and links to the rest. */
export function WorkBlock({ title, count, loading, children, empty, isEmpty, more = [] }: WorkBlockProps) {
  const headingId = useId();
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={headingId}
      aria-busy={loading || undefined}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Title order={3} size="h5" id={headingId}>
            {title}
          </Title>
          {count !== undefined && count > 0 && (
            <Badge variant="light" color="gray" aria-label={`${count} in all`}>
              {count}
            </Badge>
          )}
        </Group>
        {loading ? (
          <Stack gap="xs" aria-hidden>
            <Skeleton height={14} />
            <Skeleton height={14} width="70%" />
            <Skeleton height={14} width="85%" />
          </Stack>
        ) : isEmpty ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <ul className={classes.list}>{children}</ul>
        )}
        {more.length > 0 && (
          <Group gap="md">
            {more.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} size="sm" fw={500}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** A row: the record's title as its link, and a line of what matters about it. */
export function WorkRow({
  to,
  title,
  detail,
  flag,
}: {
  to: string;
  title: string;
  detail: ReactNode;
  flag?: ReactNode;
}) {
  return (
    <li className={classes.row}>
      <Anchor component={Link} to={to} fw={600} size="sm" className={classes.title}>
        {title}
      </Anchor>
      <Text size="xs" c="dimmed" className={classes.detail}>
        {flag}
        {detail}
      </Text>
    </li>
  );
}
