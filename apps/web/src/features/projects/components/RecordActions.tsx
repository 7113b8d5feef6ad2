import { Button } from '@mantine/core';
import { HiPencil, HiTrash } from 'react-icons/hi';
import { RefreshButton } from '@/components/RefreshButton';

interface RecordActionsProps {
  onRefresh: () => void;
  refreshing: boolean;
  /** Given when the record's permissions allow: the button shows. */
  onEdit?: (() => void) | undefined;
  onDelete?: (() => void) | undefined;
}

/** Refresh, Edit and Delete at the head of a project's, objective's or task's page. */
export function RecordActions({ onRefresh, refreshing, onEdit, onDelete }: RecordActionsProps) {
  return (
    <>
      <RefreshButton onRefresh={onRefresh} refreshing={refreshing} />
      {onEdit && (
        <Button variant="default" leftSection={<HiPencil size={16} aria-hidden />} onClick={onEdit}>
          Edit
        </Button>
      )}
      {onDelete && (
        <Button variant="light" color="red" leftSection={<HiTrash size={16} aria-hidden />} onClick={onDelete}>
          Delete
        </Button>
      )}
    </>
  );
}
