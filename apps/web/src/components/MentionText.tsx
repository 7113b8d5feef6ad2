import { Text } from '@mantine/core';
import { mentionSegments } from '@/lib/mentions';

/**
 * A comment's or message's text with its mentions ("@Name" of the people it mentions) standing
 * out; everything else as written. `names` are the mentioned people's names.
 */
export function MentionText({ text, names }: { text: string; names: readonly string[] }) {
  return (
    <>
      {mentionSegments(text, names).map((segment, index) =>
        segment.mention ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move
          <Text key={index} span inherit fw={600} c="blue" data-mention="">
            {segment.text}
          </Text>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
