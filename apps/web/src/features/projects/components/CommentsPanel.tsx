import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayName, MAX_COMMENT_LENGTH, MESSAGES, type TaskDetail } from '@smart/contracts';
import { useState } from 'react';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { UserAvatar } from '@/components/UserAvatar';
import { formatMomentWithTime } from '@/lib/work-format';
import { useAddComment } from '../api';

/** The task's comments, oldest first, and the box to add one: Ctrl+Enter or Cmd+Enter sends (section 9). */
export function CommentsPanel({ task }: { task: TaskDetail }) {
  const add = useAddComment(task.id);
  const [text, setText] = useState('');
  const blank = text.trim() === '';

  function send() {
    if (blank || add.isPending) return;
    add.mutate(text.trim(), {
      onSuccess: () => {
        setText('');
        notifications.show({ color: 'green', message: MESSAGES.commentAdded });
      },
    });
  }

  return (
    <Panel title={`Comments (${task.comments.length})`}>
      {task.comments.length === 0 ? (
        <Text c="dimmed" size="sm">
          No comments yet
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {task.comments.map((comment) => (
            <Group key={comment.id} component="li" gap="sm" align="flex-start" wrap="nowrap">
              <UserAvatar user={comment.author} size={32} />
              <div style={{ minWidth: 0 }}>
                <Group gap="xs" style={{ rowGap: 0 }}>
                  <Text size="sm" fw={600}>
                    {displayName(comment.author, 'Unknown')}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatMomentWithTime(comment.createdAt)}
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
      {task.permissions.canComment && (
        <Stack gap="xs">
          <FormError message={add.error?.message} />
          <Textarea
            label="Add a comment"
            description="Ctrl+Enter or Cmd+Enter to send"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MAX_COMMENT_LENGTH}
            value={text}
            onChange={(event) => {
              add.reset();
              setText(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
                event.preventDefault();
                send();
              }
            }}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={blank || add.isPending} onClick={() => setText('')}>
              Clear
            </Button>
            <Button disabled={blank} loading={add.isPending} onClick={send}>
              Add Comment
            </Button>
          </Group>
        </Stack>
      )}
    </Panel>
  );
}
