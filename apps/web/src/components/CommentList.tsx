import { Group, Stack, Text } from '@mantine/core';
import { displayName, type UserSummary } from '@smart/contracts';
import { type KnownPerson, useMentionNames } from '@/lib/mentionable';
import { formatMomentWithTime } from '@/lib/work-format';
import { MentionText } from './MentionText';
import { UserAvatar } from './UserAvatar';

export interface ListedComment {
  id: string;
  author: UserSummary | null;
  createdAt: string;
  text: string;
  /** The ids of the people it mentions. */
  mentions: string[];
}

interface CommentListProps {
  comments: ListedComment[];
  /** Shown when there is none ('No comments yet'). */
  emptyText: string;
  /** People besides the authors (the signed-in user, the record's creator and assignee) whose mentions show by name. */
  people?: readonly (KnownPerson | null)[];
}

/** A record's comments, oldest first: avatar, author's full name, time and text with its mentions set apart (tasks and tickets). */
export function CommentList({ comments, emptyText, people = [] }: CommentListProps) {
  const namesOf = useMentionNames([...people, ...comments.map((comment) => comment.author)]);
  if (comments.length === 0) {
    return (
      <Text c="dimmed" size="sm">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {comments.map((comment) => (
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
              <MentionText text={comment.text} names={namesOf(comment.mentions)} />
            </Text>
          </div>
        </Group>
      ))}
    </Stack>
  );
}
