import { Combobox, Group, Loader, Text, Textarea, type TextareaProps, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { displayName, type MentionableRecordType, type UserSummary } from '@smart/contracts';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useMentionable } from '@/lib/mentionable';
import {
  activeMentionQuery,
  insertMention,
  type MentionPick,
  type MentionQuery,
  matchesMentionQuery,
} from '@/lib/mentions';
import { SEARCH_PAUSE_MS } from '@/lib/search';
import { UserAvatar } from './UserAvatar';

interface MentionTextareaProps extends Omit<TextareaProps, 'value' | 'onChange'> {
  /** The record written in: the picker offers the people who can read it. */
  recordType: MentionableRecordType;
  recordId: string;
  value: string;
  onChange: (value: string) => void;
  /** A person chosen from the picker: "@First Last " is already in the text. */
  onPick: (pick: MentionPick) => void;
  /** Where the picker opens: above a box at the foot of the screen (the messenger's). */
  pickerPosition?: 'bottom-start' | 'top-start';
}

/**
 * A textarea where "@" opens a picker of the people who can read the record (GET
 * /api/mentionable/...), searched by what follows the "@". Arrow keys move, Enter or Tab picks,
 * Escape closes; the list is a listbox the textarea points into (aria-activedescendant). Other
 * keys (Enter to send in the messenger, Ctrl+Enter in comments) reach `onKeyDown` as before.
 */
export function MentionTextarea({
  recordType,
  recordId,
  value,
  onChange,
  onPick,
  onKeyDown,
  onBlur,
  pickerPosition = 'bottom-start',
  ...textareaProps
}: MentionTextareaProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [at, setAt] = useState<MentionQuery | null>(null);
  // The "@" whose picker Escape closed or a pick completed: it stays closed until another "@" is typed.
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [highlighted, setActive] = useState(0);
  const [search] = useDebouncedValue(at?.query.trim() ?? '', SEARCH_PAUSE_MS);
  const asking = at !== null && at.start !== dismissed;
  const people = useMentionable(recordType, recordId, search, asking);
  // The last answer, narrowed to what is typed now while the answer for it is on its way.
  const options = asking ? (people.data ?? []).filter((person) => matchesMentionQuery(person, at.query)) : [];
  const searching = asking && (search !== at.query.trim() || people.isFetching || people.isPending);
  // Nobody matches a query of two words or more: the user is writing a sentence, not a name.
  const open = asking && !(options.length === 0 && !searching && /\s/.test(search));
  // Within the list as it is now (a newer answer may be shorter).
  const active = Math.max(0, Math.min(highlighted, options.length - 1));
  const listId = useId();
  const optionId = (index: number) => `${listId}-option-${index}`;
  const combobox = useCombobox({ opened: open });
  const caretAfterPick = useRef<number | null>(null);

  // The highlighted person stays in view as the arrows move through a list taller than the box.
  const activeId = open && options.length > 0 ? optionId(active) : undefined;
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);
  useEffect(() => {
    if (caretAfterPick.current === null || !textarea.current) return;
    textarea.current.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  });

  /** What is typed at the caret now: a mention being written, or none. */
  function follow(element: HTMLTextAreaElement) {
    const next = activeMentionQuery(element.value, element.selectionStart ?? element.value.length);
    if (next?.query !== at?.query) setActive(0);
    setAt(next);
    if (next === null || next.start !== dismissed) setDismissed(null);
  }

  function choose(person: UserSummary) {
    if (!at) return;
    const name = displayName(person);
    const inserted = insertMention(value, at, name);
    caretAfterPick.current = inserted.caret;
    onChange(inserted.text);
    onPick({ id: person.id, name });
    setDismissed(at.start);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (open && at && event.key === 'Escape') {
      event.preventDefault();
      // A modal around the box must not close with the picker.
      event.stopPropagation();
      setDismissed(at.start);
      return;
    }
    if (open && options.length > 0 && !event.nativeEvent.isComposing) {
      const count = options.length;
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : count - 1)) % count);
        return;
      }
      const person = options[active];
      if ((event.key === 'Enter' || event.key === 'Tab') && person && !event.shiftKey) {
        event.preventDefault();
        choose(person);
        return;
      }
    }
    // Enter while the people are still being looked up waits for them: it neither sends nor breaks the line.
    if (open && searching && options.length === 0 && event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      return;
    }
    onKeyDown?.(event);
  }

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(id) => {
        const person = options.find((option) => option.id === id);
        if (person) choose(person);
      }}
      position={pickerPosition}
      withinPortal
    >
      <Combobox.Target withKeyboardNavigation={false} withAriaAttributes={false}>
        <Textarea
          {...textareaProps}
          ref={textarea}
          value={value}
          aria-autocomplete="list"
          aria-controls={open ? listId : undefined}
          aria-activedescendant={activeId}
          onChange={(event) => {
            onChange(event.currentTarget.value);
            follow(event.currentTarget);
          }}
          onSelect={(event) => follow(event.currentTarget)}
          onBlur={(event) => {
            setAt(null);
            onBlur?.(event);
          }}
          onKeyDown={handleKeyDown}
        />
      </Combobox.Target>
      <Combobox.Dropdown miw={260}>
        <Combobox.Options id={listId} aria-label="People to mention" mah={300} style={{ overflowY: 'auto' }}>
          {options.map((person, index) => (
            <Combobox.Option
              key={person.id}
              value={person.id}
              id={optionId(index)}
              selected={index === active}
              aria-selected={index === active}
            >
              <Group gap="sm" wrap="nowrap">
                <UserAvatar user={person} size={28} radius="xl" />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {displayName(person)}
                  </Text>
                  {/* Inherits the option's colour: white on the highlighted one. */}
                  <Text size="xs" opacity={0.8} truncate>
                    {person.email}
                  </Text>
                </div>
              </Group>
            </Combobox.Option>
          ))}
          {options.length === 0 && (
            <Combobox.Empty>
              {people.isError ? (
                people.error.message
              ) : searching ? (
                <Group gap="xs" justify="center">
                  <Loader size="xs" /> Searching…
                </Group>
              ) : (
                'Nobody found who can see this'
              )}
            </Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
