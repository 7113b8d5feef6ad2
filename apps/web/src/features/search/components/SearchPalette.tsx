import { Button, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_SEARCH_LENGTH, SEARCH_KIND_LABELS, type SearchKind, type SearchResult, UI_TEXT } from '@smart/contracts';
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import type { IconType } from 'react-icons';
import {
  HiChatAlt2,
  HiClipboardCheck,
  HiCollection,
  HiDocumentText,
  HiFlag,
  HiSearch,
  HiSupport,
  HiUser,
} from 'react-icons/hi';
import { useNavigate } from 'react-router';
import { SEARCH_PAUSE_MS } from '@/lib/search';
import { isSearchable, useSearchResults } from '../api';
import classes from './SearchPalette.module.css';

const KIND_ICONS: Record<SearchKind, IconType> = {
  projects: HiCollection,
  objectives: HiFlag,
  tasks: HiClipboardCheck,
  tickets: HiSupport,
  templates: HiDocumentText,
  people: HiUser,
  messages: HiChatAlt2,
};

/**
 * The search palette: one box, the results grouped by kind, driven by the keyboard as an
 * ARIA combobox — arrows move through the results, Enter opens one, Escape closes (the modal's).
 * The server answers only what the caller may read.
 */
export default function SearchPalette({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState('');
  // The palette's code arrives after the modal opened (lazy), so the modal's own first focus missed the box.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => box.current?.focus(), []);
  const [term] = useDebouncedValue(text.trim(), SEARCH_PAUSE_MS);
  const search = useSearchResults(term);
  // No result is chosen until the arrows choose one; Enter then opens the first.
  const [active, setActive] = useState(-1);

  const searchable = isSearchable(term);
  // Results of an earlier term stay while the next is asked (keepPreviousData), never for a term too short.
  const groups = searchable ? (search.data?.groups ?? []) : [];
  const results = useMemo(() => groups.flatMap((group) => group.results), [groups]);
  const current = active >= 0 ? results[Math.min(active, results.length - 1)] : undefined;
  const optionId = (result: SearchResult) => `${id}-${result.kind}-${result.id}`;

  const open = (result: SearchResult | undefined) => {
    if (!result) return;
    onClose();
    navigate(result.path);
  };

  // The chosen result stays in sight as the arrows move through a long list.
  const currentId = current ? optionId(current) : undefined;
  useEffect(() => {
    if (currentId) document.getElementById(currentId)?.scrollIntoView({ block: 'nearest' });
  }, [currentId]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (results.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: (active + 1) % results.length,
      ArrowUp: active <= 0 ? results.length - 1 : active - 1,
      Home: 0,
      End: results.length - 1,
    };
    if (event.key in moves) {
      event.preventDefault();
      setActive(moves[event.key] as number);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      open(current ?? results[0]);
    }
  };

  const typing = text.trim() !== term;
  const waiting = searchable && (search.isPending || (search.isPlaceholderData && search.isFetching));
  let status: ReactNode = null;
  if (!isSearchable(text.trim())) {
    status = <Text c="dimmed">{UI_TEXT.searchHint}</Text>;
  } else if (search.isError && !typing) {
    status = (
      <Group gap="sm">
        <Text c="red">{UI_TEXT.searchFailed}</Text>
        <Button variant="light" size="xs" onClick={() => search.refetch()}>
          Try Again
        </Button>
      </Group>
    );
  } else if (typing || waiting) {
    status = (
      <Group gap="xs">
        <Loader size="xs" aria-hidden />
        <Text c="dimmed">Searching…</Text>
      </Group>
    );
  } else if (results.length === 0) {
    status = <Text c="dimmed">{UI_TEXT.searchNoResults}</Text>;
  }

  return (
    <Stack gap="sm">
      <TextInput
        ref={box}
        data-autofocus
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        maxLength={MAX_SEARCH_LENGTH}
        placeholder={UI_TEXT.searchPlaceholder}
        leftSection={<HiSearch aria-hidden />}
        size="md"
        role="combobox"
        aria-label="Search everything"
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={`${id}-listbox`}
        aria-activedescendant={currentId}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        spellCheck={false}
      />
      {/* Announced as it changes: the hint, searching, nothing found, an error. */}
      <div id={`${id}-status`} role="status" className={classes.status}>
        {status}
      </div>
      <div id={`${id}-listbox`} role="listbox" aria-label="Search results" className={classes.listbox}>
        {groups.map((group) => {
          const Icon = KIND_ICONS[group.kind];
          const headingId = `${id}-${group.kind}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox groups its options with role="group"; a fieldset is a form's.
            <div key={group.kind} role="group" aria-labelledby={headingId} className={classes.group}>
              <Text id={headingId} size="xs" fw={700} tt="uppercase" c="dimmed" className={classes.groupHeading}>
                {SEARCH_KIND_LABELS[group.kind]}
              </Text>
              {group.results.map((result) => {
                const selected = result === current;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input takes the keys (arrows, Enter) for every option.
                  <div
                    key={result.id}
                    id={optionId(result)}
                    role="option"
                    aria-selected={selected}
                    tabIndex={-1}
                    className={classes.option}
                    onMouseMove={() => setActive(results.indexOf(result))}
                    onClick={() => open(result)}
                  >
                    <Icon className={classes.optionIcon} aria-hidden />
                    <div className={classes.optionText}>
                      <Text size="sm" fw={500} truncate="end">
                        {result.title}
                      </Text>
                      {result.context && (
                        <Text size="xs" c="dimmed" truncate="end">
                          {result.context}
                        </Text>
                      )}
                    </div>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <Text size="xs" c="dimmed" visibleFrom="sm" aria-hidden>
        ↑ ↓ to move · Enter to open · Esc to close
      </Text>
    </Stack>
  );
}
