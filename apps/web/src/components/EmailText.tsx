import { Text } from '@mantine/core';
import classes from './EmailText.module.css';

/**
 * An address that wraps only after its '@', never in the middle of a word (nor at its hyphens or
 * dots): each part stays on one line, cut with an ellipsis when it is wider than the card.
 */
export function EmailAddress({ email }: { email: string }) {
  const at = email.indexOf('@');
  if (at < 0) return <span className={classes.part}>{email}</span>;
  return (
    <>
      <span className={classes.part}>{email.slice(0, at + 1)}</span>
      <wbr />
      <span className={classes.part}>{email.slice(at + 1)}</span>
    </>
  );
}

/** An e-mail address on a card (EmailAddress), the whole address on hover and for screen readers. */
export function EmailText({ email }: { email: string }) {
  return (
    <Text size="sm" c="dimmed" title={email} style={{ minWidth: 0 }}>
      <EmailAddress email={email} />
    </Text>
  );
}
