import { List, Stack, Text } from '@mantine/core';
import { myDataFileName, userEndpoints } from '@smart/contracts';
import { DownloadButton } from '@/components/DownloadButton';
import { urlOf } from '@/lib/api-client';
import { SectionCard } from './SectionCard';

/**
 * Download my data: one JSON file of what the app holds about the person (GET
 * /api/users/profile/data), made by the server as it is read. An export like the CSV ones: it
 * waits while the file comes, and a refusal (too many exports this minute) shows as a toast.
 */
export function MyDataSection() {
  const file = { url: urlOf(userEndpoints.myData), fileName: myDataFileName(new Date().toISOString().slice(0, 10)) };
  return (
    <SectionCard title="Your data" actions={<DownloadButton file={file}>Download my data</DownloadButton>}>
      <Stack gap="xs">
        <Text size="sm">A copy of what S.M.A.R.T. holds about you, as one JSON file:</Text>
        <List size="sm" spacing={2}>
          <List.Item>your profile and notification settings;</List.Item>
          <List.Item>the messages you sent, with the conversation each was in;</List.Item>
          <List.Item>your comments on tasks and tickets;</List.Item>
          <List.Item>your time entries;</List.Item>
          <List.Item>the notifications you were sent.</List.Item>
        </List>
        <Text size="sm" c="dimmed">
          Other people&apos;s messages and comments are not in it, nor your password or sign-in secrets. The download is
          noted in your organization&apos;s audit log.
        </Text>
      </Stack>
    </SectionCard>
  );
}
