import { Text } from '@mantine/core';

/** An address that may wrap only after its '@', never in the middle of a word. */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/**
 * An e-mail address on a card: it wraps only after the '@'; a part still wider than the card is
 * cut with an ellipsis (not broken mid-word), the whole address on hover and for screen readers.
 */
export function EmailText({ email }: { email: string }) {
  return (
    <Text
      size="sm"
      c="dimmed"
      title={email}
      style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', overflowWrap: 'normal' }}
    >
      <EmailAddress email={email} />
    </Text>
  );
}
