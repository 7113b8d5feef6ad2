import { Button, Group, Stack, Textarea } from '@mantine/core';
import { MAX_COMMENT_LENGTH, MESSAGES, type TicketComment } from '@smart/contracts';
import { useState } from 'react';
import { CommentList } from '@/components/CommentList';
import { FormError } from '@/components/FormError';
import { Panel } from '@/components/Panel';
import { sendOnCtrlEnter } from '@/lib/keys';
import { useAddTicketComment } from '../api';

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
          onKeyDown={sendOnCtrlEnter(post)}
        />
        <Group justify="flex-end">
          <Button disabled={blank || add.isPending} onClick={post}>
            {add.isPending ? MESSAGES.posting : 'Post Comment'}
          </Button>
        </Group>
      </Stack>
      <CommentList
        comments={comments.map((comment) => ({ ...comment, author: comment.createdBy }))}
        emptyText={MESSAGES.noTicketComments}
      />
    </Panel>
  );
}
