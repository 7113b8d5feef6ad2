import { Button, Menu } from '@mantine/core';
import { type AvailableAdvisor, displayName, UI_TEXT } from '@smart/contracts';
import { HiSupport } from 'react-icons/hi';
import { useAvailableAdvisors } from '@/lib/available-advisors';
import { toastFailure } from '@/lib/toast';
import { getPrivateAdvisorConversation, useOpenSharedConversation } from '../api';

/**
 * 'Chat with your advisor', for people of an organization: opens the user's
 * private chat with its advisor (only the two of them), created on first use; with several
 * advisors, the user picks one. The organization-wide advisor chat is ?org='s.
 */
export function AdvisorChatButton({ onOpen }: { onOpen: (conversationId: string) => void }) {
  const advisors = useAvailableAdvisors();
  const open = useOpenSharedConversation();
  const list = advisors.data ?? [];

  const chatWith = (advisor: AvailableAdvisor) =>
    open.mutate(() => getPrivateAdvisorConversation(advisor.id), {
      onSuccess: (conversation) => onOpen(conversation.id),
      onError: (error) => toastFailure(error.message),
    });

  const button = (props: { onClick?: () => void }) => (
    <Button
      size="xs"
      variant="default"
      fullWidth
      leftSection={<HiSupport size={14} aria-hidden />}
      loading={open.isPending || advisors.isPending}
      disabled={advisors.isSuccess && list.length === 0}
      title={advisors.isSuccess && list.length === 0 ? UI_TEXT.noAdvisorAssigned : undefined}
      {...props}
    >
      {UI_TEXT.chatWithAdvisor}
    </Button>
  );

  if (advisors.isError) return null;
  const [only] = list;
  if (list.length <= 1) return button(only ? { onClick: () => chatWith(only) } : {});
  return (
    <Menu position="bottom-start" width="target">
      <Menu.Target>{button({})}</Menu.Target>
      <Menu.Dropdown>
        {list.map((advisor) => (
          <Menu.Item key={advisor.id} onClick={() => chatWith(advisor)}>
            {displayName(advisor)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
