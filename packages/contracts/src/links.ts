/**
 * The web app's reset page. A mailed link is `{APP_URL}/reset-password#token=…`: the token rides in
 * the fragment, which browsers never send to a server, so no request log or proxy sees it.
 * Kept apart from the schemas (no zod here), so the web app's first chunk can name the path.
 */
export const RESET_PASSWORD_PATH = '/reset-password';
export const RESET_TOKEN_PARAM = 'token';
