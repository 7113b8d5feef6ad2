import { Button } from '@mantine/core';
import { HiArrowLeft } from 'react-icons/hi';
import { Link } from 'react-router';

/** The link up one level (Back to Projects, back to the project or the objective). */
export function BackLink({ to, children }: { to: string; children: string }) {
  return (
    <Button
      component={Link}
      to={to}
      variant="subtle"
      leftSection={<HiArrowLeft size={16} aria-hidden />}
      px="xs"
      w="fit-content"
      maw="100%"
    >
      {children}
    </Button>
  );
}
