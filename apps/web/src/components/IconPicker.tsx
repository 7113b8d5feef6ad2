import { Group, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { DEPARTMENT_ICONS } from '@smart/contracts';
import type { ReactNode } from 'react';
import type { IconFormValues } from '@/lib/department-icon';
import { DepartmentIcon } from './DepartmentIcon';
import emojiFont from './EmojiFont.module.css';
import classes from './IconPicker.module.css';

interface IconPickerProps {
  icon: string;
  emoji: string;
  onIconChange: (icon: string) => void;
  onEmojiChange: (emoji: string) => void;
  /** Why the typed emoji cannot be the icon (the form checks it as it is typed). */
  emojiError?: ReactNode;
}

/**
 * The 19 named icons as labelled radio cards, plus a field for a single emoji. A typed emoji wins:
 * while it is there no card is checked; picking a card clears it.
 */
export function IconPicker({ icon, emoji, onIconChange, onEmojiChange, emojiError }: IconPickerProps) {
  const usingEmoji = emoji.trim() !== '';
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Icon"
        value={usingEmoji ? '' : icon}
        onChange={(value) => {
          onIconChange(value);
          onEmojiChange('');
        }}
      >
        <SimpleGrid cols={{ base: 3, xs: 4 }} spacing={6} verticalSpacing={6} mt={6}>
          {DEPARTMENT_ICONS.map((option) => (
            <Radio.Card key={option.name} value={option.name} className={classes.card} radius="md">
              <Stack gap={2} align="center">
                <DepartmentIcon icon={option.name} size={20} />
                <Text size="xs" lh={1.2} ta="center">
                  {option.label}
                </Text>
              </Stack>
            </Radio.Card>
          ))}
        </SimpleGrid>
      </Radio.Group>
      <Group align="flex-end" gap="sm" wrap="nowrap">
        <TextInput
          label="Or use an emoji"
          description="One emoji, e.g. 🏭"
          value={emoji}
          onChange={(event) => onEmojiChange(event.currentTarget.value)}
          error={emojiError}
          maxLength={16}
          style={{ flex: 1 }}
        />
        {usingEmoji && !emojiError && (
          <Text size="xl" pb={6} aria-hidden className={emojiFont.emoji}>
            {emoji.trim()}
          </Text>
        )}
      </Group>
    </Stack>
  );
}

/** The picker bound to a form holding `icon` and `emoji` (its error shows under the emoji field). */
export function iconPickerProps<Values extends IconFormValues>(form: UseFormReturnType<Values>): IconPickerProps {
  // The generic form cannot type its own paths; these two exist on every form this serves.
  const typed = form as unknown as UseFormReturnType<IconFormValues>;
  return {
    icon: typed.values.icon,
    emoji: typed.values.emoji,
    onIconChange: (icon) => typed.setFieldValue('icon', icon),
    onEmojiChange: (emoji) => typed.setFieldValue('emoji', emoji),
    emojiError: typed.errors.emoji,
  };
}
