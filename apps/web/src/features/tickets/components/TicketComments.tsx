import { Button, Group, Stack } from '@mantine/core';
import { MAX_COMMENT_LENGTH, type TicketComment, UI_TEXT, type UserSummary } from '@smart/contracts';
import { CommentList } from '@/components/CommentList';
import { FormError } from '@/components/FormError';
import { MentionTextarea } from '@/components/MentionTextarea';
import { Panel } from '@/components/Panel';
import { useAuth } from '@/features/auth';
import { sendOnCtrlEnter } from '@/lib/keys';
import { useMentionDraft } from '@/lib/mentionable';
import { useAddTicketComment } from '../api';

/** Comments (count), oldest first, and the box to add one: Ctrl+Enter or Cmd+Enter posts too. */
interface TicketCommentsProps {
  ticketId: string;
  comments: TicketComment[];
  /** The ticket's creator and assignee: their mentions show by name. */
  people: readonly (UserSummary | null)[];
}

export function TicketComments({ ticketId, comments, people }: TicketCommentsProps) {
  const add = useAddTicketComment(ticketId);
  const draft = useMentionDraft();
  const { user } = useAuth();
  const blank = draft.text.trim() === '';

  function post() {
    if (blank || add.isPending) return;
    add.mutate({ text: draft.text.trim(), mentions: draft.mentions() }, { onSuccess: draft.clear });
  }

  return (
    <Panel title={`Comments (${comments.length})`}>
      <Stack gap="xs">
        <FormError message={add.error?.message} />
        <MentionTextarea
          recordType="ticket"
          recordId={ticketId}
          aria-label="Comment"
          placeholder={UI_TEXT.addCommentPlaceholder}
          rows={3}
          maxLength={MAX_COMMENT_LENGTH}
          value={draft.text}
          disabled={add.isPending}
          onChange={(text) => {
            add.reset();
            draft.setText(text);
          }}
          onPick={draft.pick}
          onKeyDown={sendOnCtrlEnter(post)}
        />
        <Group justify="flex-end">
          <Button disabled={blank || add.isPending} onClick={post}>
            {add.isPending ? UI_TEXT.posting : 'Post Comment'}
          </Button>
        </Group>
      </Stack>
      <CommentList
        comments={comments.map((comment) => ({ ...comment, author: comment.createdBy }))}
        emptyText={UI_TEXT.noTicketComments}
        people={[user, ...people]}
      />
    </Panel>
  );
}
