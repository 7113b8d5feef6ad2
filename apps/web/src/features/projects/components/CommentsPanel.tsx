import { Button, Group, Stack, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { MAX_COMMENT_LENGTH, MESSAGES, type TaskDetail } from '@smart/contracts';
import { useState } from 'react';
import { CommentList } from '@/components/CommentList';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { sendOnCtrlEnter } from '@/lib/keys';
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
      <CommentList comments={task.comments} emptyText="No comments yet" />
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
            onKeyDown={sendOnCtrlEnter(send)}
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
