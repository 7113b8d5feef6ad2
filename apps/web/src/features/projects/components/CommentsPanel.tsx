import { Button, Group, Stack } from '@mantine/core';
import { MAX_COMMENT_LENGTH, type TaskDetail, UI_TEXT } from '@smart/contracts';
import { CommentList } from '@/components/CommentList';
import { FormError } from '@/components/FormError';
import { MentionTextarea } from '@/components/MentionTextarea';
import { Panel } from '@/components/Panel';
import { useAuth } from '@/features/auth';
import { sendOnCtrlEnter } from '@/lib/keys';
import { useMentionDraft } from '@/lib/mentionable';
import { toastSuccess } from '@/lib/toast';
import { useAddComment } from '../api';

/** The task's comments, oldest first, and the box to add one: Ctrl+Enter or Cmd+Enter sends. */
export function CommentsPanel({ task }: { task: TaskDetail }) {
  const add = useAddComment(task.id);
  const draft = useMentionDraft();
  const { user } = useAuth();
  const blank = draft.text.trim() === '';

  function send() {
    if (blank || add.isPending) return;
    add.mutate(
      { text: draft.text.trim(), mentions: draft.mentions() },
      {
        onSuccess: () => {
          draft.clear();
          toastSuccess(UI_TEXT.commentAdded);
        },
      },
    );
  }

  return (
    <Panel title={`Comments (${task.comments.length})`}>
      <CommentList
        comments={task.comments}
        emptyText="No comments yet"
        people={[user, task.createdBy, task.assignedTo]}
      />
      {task.permissions.canComment && (
        <Stack gap="xs">
          <FormError message={add.error?.message} />
          <MentionTextarea
            recordType="task"
            recordId={task.id}
            label="Add a comment"
            description="@ to mention someone; Ctrl+Enter or Cmd+Enter to send"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={MAX_COMMENT_LENGTH}
            value={draft.text}
            onChange={(text) => {
              add.reset();
              draft.setText(text);
            }}
            onPick={draft.pick}
            onKeyDown={sendOnCtrlEnter(send)}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" disabled={blank || add.isPending} onClick={draft.clear}>
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
