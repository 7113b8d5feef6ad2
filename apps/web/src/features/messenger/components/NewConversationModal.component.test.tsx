import { conversationEndpoints, UI_TEXT, userEndpoints } from '@smart/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aConversation, anAdvisor, aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { NewConversationModal } from './NewConversationModal';

const member = aUser();
const advisor = anAdvisor();

/** A member of an organization with one advisor, starting a conversation. */
function renderNewConversation() {
  const server = fakeServer();
  server.answer(conversationEndpoints.availableAdvisors, () => ok([advisor]));
  // The people picker's first page: no one else in the organization yet.
  server.answer(userEndpoints.listByOrganization, () => ({
    success: true as const,
    data: [],
    pagination: { page: 1, limit: 20, total: 0, pages: 0 },
  }));
  const onClose = vi.fn();
  const onCreated = vi.fn();
  const view = renderSignedIn(<NewConversationModal onClose={onClose} onCreated={onCreated} />, {
    server,
    user: member,
  });
  return { ...view, server, onClose, onCreated };
}

const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

describe('New conversation', () => {
  it('creates it with the title typed and the advisor ticked, and opens it', async () => {
    const { person, server, onClose, onCreated } = renderNewConversation();
    server.answer(conversationEndpoints.create, ({ body }) =>
      ok(aConversation({ by: member, title: body.title, participants: [advisor] })),
    );

    await person.type(await screen.findByLabelText(/^Title/), '  Budget 2026 ');
    await person.click(await screen.findByRole('checkbox', { name: 'Ada Advisor' }));
    await person.click(screen.getByRole('button', { name: 'Create' }));

    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('00000000-0000-4000-8000-000000000005'));
    expect(onClose).toHaveBeenCalled();
    expect(server.sent.find((request) => request.method === 'POST')?.body).toEqual({
      title: 'Budget 2026',
      participantIds: [advisor.id],
    });
  });

  it('asks for a title before asking the server', async () => {
    const { person, server } = renderNewConversation();

    const title = await screen.findByLabelText(/^Title/);
    await person.click(screen.getByRole('button', { name: 'Create' }));

    expect(await underField(title).findByText(UI_TEXT.conversationTitleRequired)).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it("shows the server's refusal of the title under it, and any other above the form", async () => {
    const { person, server, onCreated } = renderNewConversation();
    server.answer(conversationEndpoints.create, () =>
      refuse('BAD_REQUEST', UI_TEXT.invalidText, [{ path: 'title', message: UI_TEXT.invalidText }]),
    );

    const title = await screen.findByLabelText(/^Title/);
    await person.type(title, 'Budget');
    await person.click(screen.getByRole('button', { name: 'Create' }));

    expect(await underField(title).findByText(UI_TEXT.invalidText)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();

    server.answer(conversationEndpoints.create, () => refuse('BAD_REQUEST', UI_TEXT.forbidden));
    await person.type(title, ' 2026');
    await person.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe(UI_TEXT.forbidden);
    expect(onCreated).not.toHaveBeenCalled();
  });
});
