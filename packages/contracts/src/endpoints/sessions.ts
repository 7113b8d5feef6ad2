import { endpoint } from '../endpoint.js';
import { errorResponse, messageEnvelope } from '../schemas/common.js';
import { changePasswordBody, loginBody, loginResponse } from '../schemas/users.js';

const tags = ['Accounts'];

/** Signing in with a password, signing out, and changing one's password. */
export const sessionEndpoints = {
  signIn: endpoint({
    method: 'POST',
    path: '/api/users/login',
    operationId: 'signIn',
    tags,
    summary:
      'Sign in with e-mail and password; returns a bearer token, or, for an account with two-factor sign-in, a challenge for POST /api/users/login/2fa',
    body: loginBody,
    responses: { 200: loginResponse, 401: errorResponse, 403: errorResponse, 429: errorResponse },
    public: true,
  }),
  signOut: endpoint({
    method: 'POST',
    path: '/api/users/logout',
    operationId: 'signOut',
    scope: 'never',
    tags,
    summary: 'End this session (the token stops working)',
    responses: { 200: messageEnvelope },
  }),
  changePassword: endpoint({
    method: 'PUT',
    path: '/api/users/change-password',
    operationId: 'changePassword',
    scope: 'never',
    tags,
    summary: 'Change own password; every other session of the user is signed out',
    body: changePasswordBody,
    responses: { 200: messageEnvelope, 429: errorResponse },
  }),
};
