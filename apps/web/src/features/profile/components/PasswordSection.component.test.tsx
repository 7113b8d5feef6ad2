import { sessionEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, refuse } from '@/test/fake-server';
import { aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { PasswordSection } from './PasswordSection';

const user = aUser();

async function changePassword(person: ReturnType<typeof renderSignedIn>['person'], current: string) {
  await person.click(screen.getByRole('button', { name: 'Change Password' }));
  await person.type(screen.getByLabelText(/^Current password/), current);
  await person.type(screen.getByLabelText(/^New password/), 'secret2');
  await person.type(screen.getByLabelText(/^Confirm new password/), 'secret2');
  await person.click(screen.getByRole('button', { name: 'Update Password' }));
}

describe('Change password', () => {
  it('changes the password and says so', async () => {
    const server = fakeServer();
    server.answer(sessionEndpoints.changePassword, () => ({ success: true as const, message: 'Password changed' }));
    const { person } = renderSignedIn(<PasswordSection email={user.email} />, { server, user });

    await changePassword(person, 'secret1');

    expect((await screen.findByRole('status')).textContent).toBe(UI_TEXT.passwordChangedScreen);
    expect(server.sent.at(-1)?.body).toEqual({ currentPassword: 'secret1', newPassword: 'secret2' });
  });

  it('shows a wrong current password under that field, not above the form', async () => {
    const server = fakeServer();
    server.answer(sessionEndpoints.changePassword, () =>
      refuse('BAD_REQUEST', UI_TEXT.currentPasswordWrong, [
        { path: 'currentPassword', message: UI_TEXT.currentPasswordWrong },
      ]),
    );
    const { person } = renderSignedIn(<PasswordSection email={user.email} />, { server, user });

    await changePassword(person, 'not-it');

    const current = screen.getByLabelText(/^Current password/);
    const field = current.closest('.mantine-InputWrapper-root') as HTMLElement;
    expect(await within(field).findByText(UI_TEXT.currentPasswordWrong)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
