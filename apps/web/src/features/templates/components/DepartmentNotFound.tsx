import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { MESSAGES } from '@smart/contracts';
import { HiArrowLeft, HiFolderRemove } from 'react-icons/hi?lazy';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

/** 'Department Not Found' (section 2): an unknown, removed or hidden department's address. */
export function DepartmentNotFound() {
  return (
    <Stack align="center" gap="sm" py={64} ta="center">
      <ThemeIcon size={64} radius="xl" variant="light" color="gray" aria-hidden>
        <HiFolderRemove size={34} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {MESSAGES.templateDepartmentNotFoundTitle}
      </Title>
      <Text c="dimmed" maw={420}>
        This template department does not exist or is no longer available.
      </Text>
      <Button component={Link} to={paths.templates} variant="light" leftSection={<HiArrowLeft size={16} aria-hidden />}>
        Back to Smart Templates
      </Button>
    </Stack>
  );
}
