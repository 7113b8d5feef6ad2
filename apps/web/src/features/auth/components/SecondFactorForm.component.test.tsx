import { twoFactorEndpoints, UI_TEXT } from '@smart/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer, ok, refuse } from '@/test/fake-server';
import { aUser } from '@/test/records';
import { renderSignedIn } from '@/test/render';
import { SecondFactorForm } from './SecondFactorForm';

const user = aUser();

/** The code step at the sign-in page; signing in leads to any other page. */
function renderCodeStep() {
  const server = fakeServer();
  const onBack = vi.fn();
  const view = renderSignedIn(
    <Routes>
      <Route path="/" element={<SecondFactorForm challengeToken="challenge-1" onBack={onBack} />} />
      <Route path="*" element={<p>Signed in</p>} />
    </Routes>,
    { server, user },
  );
  return { ...view, server, onBack };
}

const underField = (input: HTMLElement) => within(input.closest('.mantine-InputWrapper-root') as HTMLElement);

describe('Two-factor sign-in', () => {
  it('signs in with the code typed', async () => {
    const { person, server } = renderCodeStep();
    server.answer(twoFactorEndpoints.signIn, () => ok({ token: 'token-2', user }));

    await person.type(screen.getByLabelText(/^Authentication code/), '123456');
    await person.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('Signed in')).toBeTruthy();
    expect(server.sent.find((request) => request.method === 'POST')?.body).toEqual({
      challengeToken: 'challenge-1',
      code: '123456',
    });
  });

  it('asks for the code, or a recovery code once switched, when none is typed', async () => {
    const { person, server } = renderCodeStep();

    await person.click(screen.getByRole('button', { name: 'Verify' }));
    const code = screen.getByLabelText(/^Authentication code/);
    expect(await underField(code).findByText(UI_TEXT.twoFactorCodeRequired)).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await person.click(screen.getByRole('button', { name: 'Verify' }));
    const recovery = screen.getByLabelText(/^Recovery code/);
    expect(await underField(recovery).findByText(UI_TEXT.recoveryCodeRequired)).toBeTruthy();
    expect(server.sent.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('says a wrong code under the field', async () => {
    const { person, server, onBack } = renderCodeStep();
    server.answer(twoFactorEndpoints.signIn, () => refuse('BAD_REQUEST', UI_TEXT.twoFactorCodeInvalid));

    const code = screen.getByLabelText(/^Authentication code/);
    await person.type(code, '000000');
    await person.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await underField(code).findByText(UI_TEXT.twoFactorCodeInvalid)).toBeTruthy();
    expect(onBack).not.toHaveBeenCalled();
  });

  it('goes back to the password with the words of a challenge that is over', async () => {
    const { person, server, onBack } = renderCodeStep();
    server.answer(twoFactorEndpoints.signIn, () => refuse('UNAUTHORIZED', UI_TEXT.twoFactorChallengeExpired));

    await person.type(screen.getByLabelText(/^Authentication code/), '123456');
    await person.click(screen.getByRole('button', { name: 'Verify' }));

    await waitFor(() => expect(onBack).toHaveBeenCalledWith(UI_TEXT.twoFactorChallengeExpired));
  });
});
