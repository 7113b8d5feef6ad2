import { Badge, Button, Group, Text } from '@mantine/core';
import { type Organization, organizationErasureNotice, UI_TEXT } from '@smart/contracts';
import { useState } from 'react';
import { HiLockClosed, HiLockOpen, HiTrash } from 'react-icons/hi';
import { ConfirmModal } from '@/components/ConfirmModal';
import { useAuth } from '@/features/auth';
import { toastSuccess } from '@/lib/toast';
import { useOrganizationAccountAction } from '../api';
import { CloseOrganizationModal } from './CloseOrganizationModal';
import { EraseOrganizationModal } from './EraseOrganizationModal';

const closedOn = (closedAt: string) =>
  new Date(closedAt).toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' });

/** The red 'Closed' badge beside the organization's name. */
export function ClosedBadge() {
  return (
    <Badge color="red" variant="filled" size="lg">
      Closed
    </Badge>
  );
}

/**
 * 'Close Organization Account' (the organization page's header link), for whoever the
 * record's permissions allow. Closing one's own organization signs one out: the sign-in page says why.
 */
export function CloseAccountLink({ organization }: { organization: Organization }) {
  const [opened, setOpened] = useState(false);
  const { user, logout } = useAuth();

  async function closed() {
    if (user?.meta.organizationId !== organization.id) {
      setOpened(false);
      return;
    }
    // The server has ended this session with the others: clear it here too (the guard then shows
    // the sign-in page, which says why).
    await logout(UI_TEXT.organizationClosed);
  }

  return (
    <>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        style={{ alignSelf: 'flex-start' }}
        leftSection={<HiLockClosed aria-hidden />}
        onClick={() => setOpened(true)}
      >
        Close Organization Account
      </Button>
      {opened && (
        <CloseOrganizationModal organization={organization} onClose={() => setOpened(false)} onClosed={closed} />
      )}
    </>
  );
}

/**
 * A closed organization as an admin sees it: since when, when the retention job erases it, Reopen
 * (with a confirmation) and Erase now (with its name typed) for who may; or that it is being erased.
 */
export function ClosedAccountNotice({ organization, closedAt }: { organization: Organization; closedAt: string }) {
  const [confirming, setConfirming] = useState(false);
  const [erasing, setErasing] = useState(false);
  const reopen = useOrganizationAccountAction(organization.id, 'reopen');

  function confirm() {
    reopen.mutate(undefined, {
      onSuccess: () => {
        toastSuccess(UI_TEXT.organizationReopened);
        setConfirming(false);
      },
    });
  }

  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        Closed on {closedOn(closedAt)}. Its people cannot sign in.
      </Text>
      {organization.erasureStartedAt ? (
        <Text size="sm" c="red" fw={600}>
          {UI_TEXT.organizationBeingErased}
        </Text>
      ) : (
        organization.erasesAt && (
          <Text size="sm" c="red">
            {organizationErasureNotice(closedOn(organization.erasesAt))}.
          </Text>
        )
      )}
      {organization.permissions.canReopen && (
        <Button size="xs" variant="light" leftSection={<HiLockOpen aria-hidden />} onClick={() => setConfirming(true)}>
          Reopen
        </Button>
      )}
      {organization.permissions.canErase && (
        <Button
          size="xs"
          variant="light"
          color="red"
          leftSection={<HiTrash aria-hidden />}
          onClick={() => setErasing(true)}
        >
          {UI_TEXT.eraseOrganization}
        </Button>
      )}
      {erasing && (
        <EraseOrganizationModal
          organization={organization}
          onClose={() => setErasing(false)}
          onErased={() => {
            toastSuccess(UI_TEXT.organizationErasureStarted);
            setErasing(false);
          }}
        />
      )}
      <ConfirmModal
        opened={confirming}
        message={UI_TEXT.reopenOrganizationConfirm}
        confirmLabel="Reopen"
        destructive={false}
        busy={reopen.isPending}
        error={reopen.error?.message ?? null}
        onConfirm={confirm}
        onClose={() => {
          reopen.reset();
          setConfirming(false);
        }}
      />
    </Group>
  );
}
