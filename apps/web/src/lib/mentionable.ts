import {
  displayName,
  type MentionableRecordType,
  type NamedUser,
  notificationEndpoints,
  UI_TEXT,
  type UserSummary,
} from '@smart/contracts';
import { keepPreviousData, type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { api } from './api-client';
import { type MentionPick, mentionedIds } from './mentions';

/** Who can be mentioned in a record: the people who can read it, matching what follows the "@". */
export const mentionableQueries = {
  all: () => ['mentionable'] as const,
  search: (recordType: MentionableRecordType, recordId: string, search: string) =>
    queryOptions({
      queryKey: [...mentionableQueries.all(), recordType, recordId, search] as const,
      queryFn: () =>
        api(
          notificationEndpoints.mentionable,
          { params: { recordType, recordId }, query: { search } },
          { failMessage: UI_TEXT.fetchUsersFailed },
        ),
    }),
};

export function useMentionable(recordType: MentionableRecordType, recordId: string, search: string, enabled: boolean) {
  return useQuery({
    ...mentionableQueries.search(recordType, recordId, search),
    enabled,
    // While the next search runs, the last people stay instead of an empty list.
    placeholderData: keepPreviousData,
  });
}

/** Someone a page knows by name: a user summary in a record, or the signed-in user. */
export type KnownPerson = NamedUser & { id: string };

/** Everyone the pickers have offered in this session, by id. */
function offeredPeople(queryClient: QueryClient): Map<string, KnownPerson> {
  const people = new Map<string, KnownPerson>();
  for (const [, list] of queryClient.getQueriesData<UserSummary[]>({ queryKey: mentionableQueries.all() })) {
    for (const person of list ?? []) people.set(person.id, person);
  }
  return people;
}

/**
 * The names of the people a text mentions, for showing them apart: looked up among the people the
 * page knows (the signed-in user, the record's people, a conversation's participants, the authors)
 * and those the pickers offered. A mention of someone the page does not know stays plain text.
 */
export function useMentionNames(known: readonly (KnownPerson | null | undefined)[]) {
  const queryClient = useQueryClient();
  return (ids: readonly string[]): string[] => {
    if (ids.length === 0) return [];
    const people = offeredPeople(queryClient);
    for (const person of known) if (person) people.set(person.id, person);
    return ids.flatMap((id) => {
      const person = people.get(id);
      return person ? [displayName(person)] : [];
    });
  };
}

/**
 * A comment's or message's text being written, with the people picked in it: `mentions()` gives
 * the ids to send (those whose "@Name" is still in the text), `clear()` empties both.
 */
export function useMentionDraft() {
  const [text, setText] = useState('');
  const [picks, setPicks] = useState<MentionPick[]>([]);
  const pick = useCallback((person: MentionPick) => setPicks((current) => [...current, person]), []);
  const clear = useCallback(() => {
    setText('');
    setPicks([]);
  }, []);
  return { text, setText, picks, pick, clear, mentions: () => mentionedIds(text, picks) };
}

/** A comment's body with the people it mentions (POST /api/tasks/{id}/comments, /api/tickets/{id}/comments). */
export interface NewComment {
  text: string;
  mentions: string[];
}
