import { Text, Title } from '@mantine/core';

/** A page's title, with a line under it saying what the page is for. */
export function PageTitle({ title, subtitle }: { title: string; subtitle?: string | undefined }) {
  return (
    <div>
      <Title order={1}>{title}</Title>
      {subtitle && (
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      )}
    </div>
  );
}
