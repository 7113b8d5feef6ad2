import { ActionIcon } from '@mantine/core';
import { HiPencil } from 'react-icons/hi';
import classes from './LinkCard.module.css';

/** The pencil on a list card ('Edit <name>'), above the card's link layer. */
export function CardEditButton({ name, onClick }: { name: string; onClick: () => void }) {
  return (
    <ActionIcon className={classes.actions} variant="subtle" color="gray" aria-label={`Edit ${name}`} onClick={onClick}>
      <HiPencil size={18} aria-hidden />
    </ActionIcon>
  );
}
