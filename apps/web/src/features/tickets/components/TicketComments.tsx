import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { displayName, MAX_COMMENT_LENGTH, MESSAGES, type TicketComment } from '@smart/contracts';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { UserAvatar } from '@/components/UserAvatar';
import { useAddTicketComment } from '../api';
import { formatDateTime } from '../ticket-labels';

/** Comments (count), oldest first, and the box to add one: Ctrl+Enter or Cmd+Enter posts too. */
export function TicketComments({ ticketId, comments }: { ticketId: string; comments: TicketComment[] }) {
  const add = useAddTicketComment(ticketId);
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  function post() {
    if (blank || add.isPending) return;
    add.mutate(text.trim(), { onSuccess: () => setText('') });
  }

  return (
    <Panel title={`Comments (${comments.length})`}>
      <Stack gap="xs">
        <FormError message={add.error?.message} />
        <Textarea
          aria-label="Comment"
          placeholder={MESSAGES.addCommentPlaceholder}
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          value={text}
          disabled={add.isPending}
          onChange={(event) => {
            add.reset();
            setText(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              post();
            }
          }}
        />
        <Group justify="flex-end">
          <Button disabled={blank || add.isPending} onClick={post}>
            {add.isPending ? MESSAGES.posting : 'Post Comment'}
          </Button>
        </Group>
      </Stack>
      {comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          {MESSAGES.noTicketComments}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {comments.map((comment) => (
            <Group key={comment.id} component="li" gap="sm" align="flex-start" wrap="nowrap">
              <UserAvatar user={comment.createdBy} size={32} />
              <div style={{ minWidth: 0 }}>
                <Group gap="xs" style={{ rowGap: 0 }}>
                  <Text size="sm" fw={600}>
                    {displayName(comment.createdBy, 'Unknown')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(comment.createdAt)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {comment.text}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
