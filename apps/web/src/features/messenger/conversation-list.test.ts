import { describe, expect, it } from 'vitest';
import { patchConversation, withConversation, withNewMessage } from './conversation-list';
import { conversation, message, person } from './test-messages';

const me = 'me';
const ids = (list: { id: string }[] | null) => list?.map((entry) => entry.id);

describe('the conversation list after a new message', () => {
  const list = [conversation('c1', '2025-03-03T10:00:00.000Z'), conversation('c2', '2025-03-03T09:00:00.000Z', 2)];

  it('moves the conversation to the top with the preview and one more unread', () => {
    const next = withNewMessage(list, message('m1', '2025-03-03T11:00:00.000Z', person('u1'), 'c2'), {
      userId: me,
      reading: false,
    });
    expect(ids(next)).toEqual(['c2', 'c1']);
    expect(next?.[0]).toMatchObject({ unreadCount: 3, lastActivityAt: '2025-03-03T11:00:00.000Z' });
    expect(next?.[0]?.lastMessage).toMatchObject({ id: 'm1', content: 'text of m1', senderName: 'Ana Lima' });
  });

  it("counts neither the user's own messages nor those of the conversation being read", () => {
    const mine = message('m1', '2025-03-03T11:00:00.000Z', person(me), 'c2');
    expect(withNewMessage(list, mine, { userId: me, reading: false })?.[0]?.unreadCount).toBe(2);
    const theirs = message('m2', '2025-03-03T11:00:00.000Z', person('u1'), 'c2');
    expect(withNewMessage(list, theirs, { userId: me, reading: true })?.[0]?.unreadCount).toBe(2);
  });

  it('counts a message heard twice once', () => {
    const once = message('m1', '2025-03-03T11:00:00.000Z', person('u1'), 'c2');
    const after = withNewMessage(list, once, { userId: me, reading: false }) ?? [];
    expect(withNewMessage(after, once, { userId: me, reading: false })?.[0]?.unreadCount).toBe(3);
  });

  it('answers null for a conversation the list does not have, so the server is asked', () => {
    expect(
      withNewMessage(list, message('m1', '2025-03-03T11:00:00.000Z', person('u1'), 'c9'), {
        userId: me,
        reading: false,
      }),
    ).toBeNull();
  });

  it('adds or replaces a conversation in activity order, and patches one in place', () => {
    const added = withConversation(list, conversation('c3', '2025-03-03T09:30:00.000Z'));
    expect(ids(added)).toEqual(['c1', 'c3', 'c2']);
    expect(patchConversation(added, 'c2', { unreadCount: 0 }).find((entry) => entry.id === 'c2')?.unreadCount).toBe(0);
  });
});
