import { Button } from '@mantine/core';
import { HiCalendar } from 'react-icons/hi';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { useBookMeetingDialog } from '@/lib/book-meeting';
import classes from './Messenger.module.css';

/**
 * Book a session in an advisor chat, for its members: opens the booking dialog with the
 * chat's advisor chosen. Shown only while that advisor actively advises the member's organization.
 */
export function BookMeetingButton({ advisorId }: { advisorId: string }) {
  const advisors = useAvailableAdvisors();
  const dialog = useBookMeetingDialog();
  if (!advisors.data?.some((advisor) => advisor.id === advisorId)) return null;
  return (
    <Button
      variant="light"
      size="compact-sm"
      leftSection={<HiCalendar size={16} aria-hidden />}
      onClick={() => dialog.open({ advisorId })}
      aria-label="Book a session"
      title="Book a session"
      styles={{ section: { marginInlineEnd: 0 } }}
    >
      <span className={classes.wideOnly}>&nbsp;Book a session</span>
    </Button>
  );
}
