/** The session is app-wide: other features may use these exports (and only these) from auth. */
export { AuthProvider } from './AuthProvider';
export { type AuthContextValue, type AuthStatus, type LoginOutcome, useAuth } from './auth-context';
