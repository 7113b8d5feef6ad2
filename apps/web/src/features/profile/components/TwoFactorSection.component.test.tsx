import { twoFactorEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { TwoFactorSection } from './TwoFactorSection';

const user = aUser({ twoFactorEnabled: true });

function renderSection() {
  const server = fakeServer();
  return { ...renderSignedIn(<TwoFactorSection user={user} />, { server, user }), server };
}

const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

async function turnOff(person: ReturnType<typeof renderSignedIn>['person'], password: string, code: string) {
  await person.click(screen.getByRole('button', { name: 'Turn off' }));
  const form = within(await screen.findByRole('form', { name: 'Turn off two-factor sign-in' }));
  await person.type(form.getByLabelText(/^Password/), password);
  await person.type(form.getByLabelText(/^Authentication code/), code);
  await person.click(form.getByRole('button', { name: 'Turn off' }));
  return form;
}

describe('Two-factor authentication on My Profile', () => {
  it('turns it off with the password and a code', async () => {
    const { person, server } = renderSection();
    server.answer(twoFactorEndpoints.disable, () => ok({ ...user, twoFactorEnabled: false }));

    await turnOff(person, 'secret1', '123456');

    await waitFor(() => expect(screen.queryByRole('form', { name: 'Turn off two-factor sign-in' })).toBeNull());
    expect(server.sent.find((request) => request.method === 'POST')?.body).toEqual({
      password: 'secret1',
      code: '123456',
    });
  });

  it('says a wrong password above the form, and a refused code under its field', async () => {
    const { person, server } = renderSection();
    server.answer(twoFactorEndpoints.disable, () => refuse('BAD_REQUEST', UI_TEXT.currentPasswordWrong));

    const form = await turnOff(person, 'not-it', '123456');
    expect((await form.findByRole('alert')).textContent).toBe(UI_TEXT.currentPasswordWrong);

    server.answer(twoFactorEndpoints.disable, () =>
      refuse('BAD_REQUEST', UI_TEXT.twoFactorCodeFormat, [{ path: 'code', message: UI_TEXT.twoFactorCodeFormat }]),
    );
    await person.type(form.getByLabelText(/^Password/), '1');
    await person.click(form.getByRole('button', { name: 'Turn off' }));
    expect(
      await underField(form.getByLabelText(/^Authentication code/)).findByText(UI_TEXT.twoFactorCodeFormat),
    ).toBeTruthy();
    expect(form.queryByRole('alert')).toBeNull();
  });

  it('checks the code typed before asking the server', async () => {
    const { person, server } = renderSection();

    const form = await turnOff(person, 'secret1', '12');

    expect(
      await underField(form.getByLabelText(/^Authentication code/)).findByText(UI_TEXT.twoFactorCodeFormat),
    ).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('makes new recovery codes for a recovery code', async () => {
    const { person, server } = renderSection();
    server.answer(twoFactorEndpoints.regenerateRecoveryCodes, () => ok({ recoveryCodes: ['abcde-12345'] }));

    await person.click(screen.getByRole('button', { name: 'Regenerate codes' }));
    const form = within(await screen.findByRole('form', { name: 'Make new recovery codes' }));
    await person.click(form.getByRole('button', { name: 'Use a recovery code' }));
    await person.type(form.getByLabelText(/^Recovery code/), 'fghij-67890');
    await person.click(form.getByRole('button', { name: 'Make new codes' }));

    expect(await screen.findByText('abcde-12345')).toBeTruthy();
    expect(server.sent.find((request) => request.method === 'POST')?.body).toEqual({ recoveryCode: 'fghij-67890' });
  });
});
