import { Badge, Group, Stack, Text, Title } from '@mantine/core';
import { displayName, type UserSummary } from '@smart/contracts';
import type { ReactNode } from 'react';
import { TitleRow } from '@/components/TitleRow';

interface RecordHeaderProps {
  /** A small line above the title (the project an objective belongs to). */
  eyebrow?: ReactNode;
  title: string;
  badges: ReactNode;
  createdBy: UserSummary | null;
  /** Extra facts after 'Created by' ('Team: Design', 'Due: 05/01/2026'). */
  facts: string[];
  description?: string | null;
  tags?: string[];
  /** Buttons at the right of the title (Refresh, Edit, Delete). */
  actions?: ReactNode;
}

/** The head of a project's or objective's page: title, badges, who created it, its facts and description. */
export function RecordHeader({
  eyebrow,
  title,
  badges,
  createdBy,
  facts,
  description,
  tags,
  actions,
}: RecordHeaderProps) {
  return (
    <Stack gap="xs">
      {eyebrow}
      <TitleRow
        title={
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {title}
          </Title>
        }
        actions={actions}
      />
      <Group gap={6}>{badges}</Group>
      <Group gap="lg" style={{ rowGap: 2 }}>
        <Text size="sm" c="dimmed">
          Created by {displayName(createdBy, 'Unknown')}
        </Text>
        {facts.map((fact) => (
          <Text key={fact} size="sm" c="dimmed">
            {fact}
          </Text>
        ))}
      </Group>
      {description && <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{description}</Text>}
      {tags && tags.length > 0 && (
        <Group gap={6} aria-label="Tags">
          {tags.map((tag) => (
            <Badge key={tag} variant="default" tt="none">
              #{tag}
            </Badge>
          ))}
        </Group>
      )}
    </Stack>
  );
}
