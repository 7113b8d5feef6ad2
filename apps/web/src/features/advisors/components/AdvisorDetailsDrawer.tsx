import { Button, Divider, Drawer, Group, Title } from '@mantine/core';
import type { Advisor, AdvisorAssignment } from '@smart/contracts';
import { useState } from 'react';
import { ResetTwoFactorModal } from '@/components/ResetTwoFactorModal';
import { type AssignmentChange, useRefreshAdvisors } from '../api';
import { AdvisorIdentity, AdvisorProfile } from './AdvisorProfile';
import { AssignmentChangeModal } from './AssignmentChangeModal';
import { AssignmentList } from './AssignmentList';
import { EditAdvisorProfileModal } from './EditAdvisorProfileModal';

interface AdvisorDetailsDrawerProps {
  /** The advisor shown, as the advisors list has it now (it follows each change). */
  advisor: Advisor | null;
  opened: boolean;
  onClose: () => void;
}

/** The buttons an assignment's `permissions` allow, each naming the organization for screen readers. */
function AssignmentActions({
  assignment,
  onChange,
}: {
  assignment: AdvisorAssignment;
  onChange: (change: AssignmentChange) => void;
}) {
  const may = assignment.permissions;
  const button = (change: AssignmentChange, label: string, color?: string) => (
    <Button
      size="compact-sm"
      variant="light"
      color={color}
      onClick={() => onChange(change)}
      aria-label={`${label} ${assignment.organizationName}`}
    >
      {label}
    </Button>
  );
  return (
    <Group gap="xs" mt={6}>
      {may.canActivate && button('activate', 'Activate')}
      {may.canDeactivate && button('deactivate', 'Deactivate', 'orange')}
      {may.canRemove && button('remove', 'Remove', 'red')}
    </Group>
  );
}

/**
 * View Details (a button that once did nothing): the advisor's details, whose
 * specialties and experience the admin may edit, and its assignments, each of which can be
 * activated, deactivated or removed after a confirmation.
 */
export function AdvisorDetailsDrawer({ advisor, opened, onClose }: AdvisorDetailsDrawerProps) {
  const [changing, setChanging] = useState<{ assignment: AdvisorAssignment; change: AssignmentChange } | null>(null);
  const [editing, setEditing] = useState(false);
  const [resetting, setResetting] = useState(false);
  const refreshAdvisors = useRefreshAdvisors();
  // While a dialog is open above it, Escape and outside clicks are the dialog's.
  const dialogOpen = changing !== null || editing || resetting;
  return (
    <Drawer
      opened={opened && advisor !== null}
      onClose={onClose}
      position="right"
      size="md"
      title="Advisor details"
      closeOnEscape={!dialogOpen}
      closeOnClickOutside={!dialogOpen}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {advisor && (
        <>
          <AdvisorIdentity advisor={advisor} nameId={`advisor-details-${advisor.id}`} />
          <Divider my="md" />
          <AdvisorProfile advisor={advisor} />
          <Group gap="xs" mt="sm">
            <Button variant="light" size="compact-sm" onClick={() => setEditing(true)}>
              Edit profile
            </Button>
            {advisor.permissions.canResetTwoFactor && (
              <Button variant="light" color="orange" size="compact-sm" onClick={() => setResetting(true)}>
                Reset two-factor sign-in
              </Button>
            )}
          </Group>
          {resetting && (
            <ResetTwoFactorModal person={advisor} onClose={() => setResetting(false)} onReset={refreshAdvisors} />
          )}
          <EditAdvisorProfileModal advisor={advisor} opened={editing} onClose={() => setEditing(false)} />
          <Divider my="md" />
          <Title order={3} size="h5" mb="sm">
            Assignments
          </Title>
          <AssignmentList
            assignments={advisor.assignments}
            actions={(assignment) => (
              <AssignmentActions assignment={assignment} onChange={(change) => setChanging({ assignment, change })} />
            )}
          />
          {changing && (
            <AssignmentChangeModal
              key={`${changing.change}-${changing.assignment.organizationId}`}
              advisor={advisor}
              assignment={changing.assignment}
              change={changing.change}
              onClose={() => setChanging(null)}
            />
          )}
        </>
      )}
    </Drawer>
  );
}
