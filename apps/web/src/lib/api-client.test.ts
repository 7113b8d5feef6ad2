import {
  attachmentEndpoints,
  departmentEndpoints,
  notificationEndpoints,
  organizationEndpoints,
  sessionEndpoints,
  UI_TEXT,
  userEndpoints,
} from '@smart/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiDownload,
  apiUpload,
  fileForm,
  fileNameOf,
  NETWORK_ERROR_CODE,
  SECOND_FACTOR_REQUIRED_EVENT,
  SESSION_ENDED_EVENT,
} from './api-client';

/** The keys the app keeps the session under, spelled out so a renamed key fails here. */
const TOKEN_KEYS = ['authToken', 'auth_token', 'token'];
const USER_KEYS = ['userData', 'user'];

/** A real in-memory Storage: enough of the Web Storage API for the app's credential code. */
class MemoryStorage implements Storage {
  private readonly items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, String(value));
  }
}

let storage: MemoryStorage;
let sessionEnded: number;
let secondFactorRequired: number;

function storeSession(token: string) {
  for (const key of TOKEN_KEYS) storage.setItem(key, token);
  for (const key of USER_KEYS)
    storage.setItem(key, JSON.stringify({ id: 'u1', email: 'a@b.example', meta: {}, profile: {} }));
}

function storedKeys() {
  return [...TOKEN_KEYS, ...USER_KEYS].filter((key) => storage.getItem(key) !== null);
}

function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** Fetch answers with `respond`'s Response; the Authorization header each call carried is recorded. */
function stubFetch(respond: () => Response | Promise<Response>) {
  const sentTokens: (string | null)[] = [];
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init?: RequestInit) => {
    sentTokens.push(new Headers(init?.headers).get('Authorization'));
    return respond();
  });
  return sentTokens;
}

beforeEach(() => {
  storage = new MemoryStorage();
  sessionEnded = 0;
  secondFactorRequired = 0;
  // The node test environment has no window: an EventTarget carrying localStorage stands in for it.
  const win = Object.assign(new EventTarget(), { localStorage: storage });
  win.addEventListener(SESSION_ENDED_EVENT, () => {
    sessionEnded += 1;
  });
  win.addEventListener(SECOND_FACTOR_REQUIRED_EVENT, () => {
    secondFactorRequired += 1;
  });
  vi.stubGlobal('window', win);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api(endpoint): the answer and the session', () => {
  it('sends the stored token and unwraps the data of a success envelope', async () => {
    storeSession('tok-1');
    const sent = stubFetch(() => jsonResponse(200, { success: true, data: { name: 'Ada' } }));

    await expect(api(userEndpoints.profile)).resolves.toEqual({ name: 'Ada' });
    expect(sent).toEqual(['Bearer tok-1']);
  });

  it('a 401 ends the session: every token and user key cleared, session-ended fired', async () => {
    storeSession('tok-1');
    stubFetch(() => jsonResponse(401, { success: false, error: 'Invalid or expired token', code: 'UNAUTHORIZED' }));

    const error = await api(userEndpoints.profile).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(storedKeys()).toEqual([]);
    expect(sessionEnded).toBe(1);
  });

  it('a 403 surfaces its message and keeps the session: the user is refused one thing, not signed out', async () => {
    storeSession('tok-1');
    stubFetch(() =>
      jsonResponse(403, { success: false, error: 'Only an organization admin may do this', code: 'FORBIDDEN' }),
    );

    const error = await api(
      departmentEndpoints.remove,
      { params: { id: 'd1' } },
      { failMessage: 'Failed to delete department' },
    ).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(403);
    expect((error as ApiError).message).toBe('Only an organization admin may do this');
    expect(storedKeys()).toEqual([...TOKEN_KEYS, ...USER_KEYS]);
    expect(sessionEnded).toBe(0);
    expect(secondFactorRequired).toBe(0);
  });

  it('a 403 asking for a second factor first says so to the app, and keeps the session', async () => {
    storeSession('tok-1');
    stubFetch(() =>
      jsonResponse(403, { success: false, error: UI_TEXT.twoFactorSetupRequired, code: 'TWO_FACTOR_SETUP_REQUIRED' }),
    );

    const error = await api(userEndpoints.profile).catch((caught: unknown) => caught);

    expect((error as ApiError).message).toBe(UI_TEXT.twoFactorSetupRequired);
    expect(secondFactorRequired).toBe(1);
    expect(storedKeys()).toEqual([...TOKEN_KEYS, ...USER_KEYS]);
    expect(sessionEnded).toBe(0);
  });

  it('a 401 answering a request sent with an old token leaves the newer session alone', async () => {
    storeSession('old-token');
    let answer: (response: Response) => void = () => {};
    const sent = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    );

    const pending = api(userEndpoints.profile).catch((caught: unknown) => caught);
    // While the request is in flight the user signs out and in again: a new token is stored.
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    storeSession('new-token');
    answer(jsonResponse(401, { success: false, error: 'Invalid or expired token', code: 'UNAUTHORIZED' }));

    const error = await pending;
    expect(sent).toEqual(['Bearer old-token']);
    expect((error as ApiError).status).toBe(401);
    expect(storedKeys()).toEqual([...TOKEN_KEYS, ...USER_KEYS]);
    expect(storage.getItem('authToken')).toBe('new-token');
    expect(sessionEnded).toBe(0);
  });

  it('a call that needs a token refuses before sending when none is stored', async () => {
    const sent = stubFetch(() => jsonResponse(200, { success: true, data: {} }));

    const error = await api(userEndpoints.profile, {}, { requireToken: true }).catch((caught: unknown) => caught);

    expect((error as ApiError).status).toBe(401);
    expect(sent).toEqual([]);
  });

  it('an error envelope surfaces the server error text and code', async () => {
    storeSession('tok-1');
    stubFetch(() => jsonResponse(400, { success: false, error: 'Name is required', code: 'VALIDATION_ERROR' }));

    const error = await api(
      userEndpoints.updateProfile,
      { body: { firstName: '' } },
      { failMessage: 'Failed to update profile' },
    ).catch((caught: unknown) => caught);

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('Name is required');
    expect((error as ApiError).code).toBe('VALIDATION_ERROR');
    // A 400 is not an authentication failure: the session stays.
    expect(storedKeys()).toEqual([...TOKEN_KEYS, ...USER_KEYS]);
    expect(sessionEnded).toBe(0);
  });

  it("an error's details name the fields it is about; malformed ones are left out", async () => {
    storeSession('tok-1');
    const full = 'A day holds at most 24 h: 03/04/2031 has 24 h recorded already';
    stubFetch(() =>
      jsonResponse(400, {
        success: false,
        error: full,
        code: 'BAD_REQUEST',
        details: [{ path: 'minutes', message: full }, { path: 7 }, 'note'],
      }),
    );
    const error = (await api(userEndpoints.updateProfile, { body: { firstName: 'A' } }).catch(
      (caught: unknown) => caught,
    )) as ApiError;
    expect(error.details).toEqual([{ path: 'minutes', message: full }]);
  });

  it('a paged answer keeps the pagination beside the rows', async () => {
    const pagination = { page: 2, limit: 50, total: 51, pages: 2 };
    stubFetch(() => jsonResponse(200, { success: true, data: [{ id: 'd51' }], pagination }));

    await expect(api(departmentEndpoints.list, { query: { page: 2 } })).resolves.toEqual({
      data: [{ id: 'd51' }],
      pagination,
    });
  });

  it('a success: false envelope with status 200 is still an error', async () => {
    stubFetch(() => jsonResponse(200, { success: false, error: 'Organization not found' }));

    await expect(api(organizationEndpoints.get, { params: { id: 'x' } })).rejects.toThrow('Organization not found');
  });

  it('an error without text of its own surfaces the caller fallback', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));

    const error = await api(userEndpoints.profile, {}, { failMessage: 'Failed to load profile' }).catch(
      (caught: unknown) => caught,
    );

    expect((error as ApiError).status).toBe(502);
    expect((error as ApiError).message).toBe('Failed to load profile');
  });

  it('a network failure surfaces as a network ApiError with the fail message, session kept', async () => {
    storeSession('tok-1');
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await api(userEndpoints.profile, {}, { failMessage: 'Failed to load profile' }).catch(
      (caught: unknown) => caught,
    );

    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isNetworkError).toBe(true);
    expect((error as ApiError).code).toBe(NETWORK_ERROR_CODE);
    expect((error as ApiError).message).toBe('Failed to load profile');
    expect(storedKeys()).toEqual([...TOKEN_KEYS, ...USER_KEYS]);
    expect(sessionEnded).toBe(0);
  });

  it('a call with a network text of its own shows that one when the server cannot be reached', async () => {
    stubFetch(() => {
      throw new TypeError('Failed to fetch');
    });

    const error = await api(
      sessionEndpoints.signIn,
      { body: { email: 'a@b.example', password: 'secret' } },
      { failMessage: 'Login failed', networkErrorMessage: 'Network error during login' },
    ).catch((caught: unknown) => caught);

    expect((error as ApiError).message).toBe('Network error during login');
  });
});

/** A stand-in XMLHttpRequest: it reports the upload's progress, then answers with `status` and `body`. */
function stubXhr(status: number, body: unknown) {
  const sent: { request: string; headers: Record<string, string> } = { request: '', headers: {} };
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    open(method: string, url: string) {
      sent.request = `${method} ${url}`;
    }
    abort() {}
    setRequestHeader(name: string, value: string) {
      sent.headers[name] = value;
    }
    send() {
      this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
      this.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return sent;
}

describe('apiUpload(endpoint, input, onProgress)', () => {
  const addToTask = attachmentEndpoints('tasks').add;
  const upload = (onProgress: (fraction: number) => void) =>
    apiUpload(addToTask, { params: { id: 't1' }, form: fileForm(new File(['hello'], 'hello.txt')) }, onProgress);

  it("reports the share sent and unwraps the data, sent to the endpoint's path with the stored token", async () => {
    storeSession('tok-1');
    const sent = stubXhr(201, { success: true, data: { id: 'a1' } });
    const progress: number[] = [];

    await expect(upload((fraction) => progress.push(fraction))).resolves.toEqual({ id: 'a1' });
    expect(progress).toEqual([0.5, 1]);
    expect(sent.request).toBe('POST /api/tasks/t1/attachments');
    expect(sent.headers.Authorization).toBe('Bearer tok-1');
  });

  it('a 401 ends the session; a 403 shows its message and keeps it, as every other call', async () => {
    storeSession('tok-1');
    stubXhr(403, { success: false, error: 'You cannot attach files to this task', code: 'FORBIDDEN' });
    const refused = await upload(() => {}).catch((e: unknown) => e);
    expect((refused as ApiError).message).toBe('You cannot attach files to this task');
    expect(sessionEnded).toBe(0);

    stubXhr(401, { success: false, error: 'Invalid or expired token', code: 'UNAUTHORIZED' });
    const ended = await upload(() => {}).catch((e: unknown) => e);
    expect((ended as ApiError).status).toBe(401);
    expect(storedKeys()).toEqual([]);
    expect(sessionEnded).toBe(1);
  });
});

describe('api(endpoint, input)', () => {
  /** Fetch answers `body`; each call's method, URL, content type and body are recorded. */
  function recordCalls(body: unknown) {
    const calls: { method: string | undefined; url: string; type: string | null; body: unknown }[] = [];
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      calls.push({
        method: init?.method,
        url: String(input),
        type: new Headers(init?.headers).get('Content-Type'),
        body: init?.body,
      });
      return jsonResponse(200, body);
    });
    return calls;
  }

  it("fills the path's params (encoded) and sends the JSON body with the endpoint's method", async () => {
    const calls = recordCalls({ success: true, data: { id: 'n/1', unread: 0 } });
    await expect(api(notificationEndpoints.update, { params: { id: 'n/1' }, body: { read: true } })).resolves.toEqual({
      id: 'n/1',
      unread: 0,
    });
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/notifications/n%2F1', type: 'application/json', body: '{"read":true}' },
    ]);
  });

  it("writes the defined query values only, and keeps a paged answer's pagination", async () => {
    const pagination = { page: 1, limit: 20, total: 1, pages: 1 };
    const calls = recordCalls({ success: true, data: [{ id: 'n1' }], pagination });
    await expect(api(notificationEndpoints.list, { query: { status: 'unread', page: 1, limit: 20 } })).resolves.toEqual(
      { data: [{ id: 'n1' }], pagination },
    );
    expect(calls[0]?.url).toBe('/api/notifications?status=unread&page=1&limit=20');
    await api(notificationEndpoints.mentionable, { params: { recordType: 'task', recordId: 't1' }, query: {} });
    expect(calls[1]?.url).toBe('/api/mentionable/task/t1');
    expect(calls[1]?.type).toBeNull();
  });
});

describe('apiDownload(url, fallbackName): a file fetched with the session', () => {
  it('sends the stored token, never in the address; a refusal is an ApiError as any call, a 401 ends the session', async () => {
    storeSession('tok-1');
    const sent = stubFetch(() =>
      jsonResponse(429, { success: false, error: UI_TEXT.tooManyExports, code: 'RATE_LIMITED' }),
    );
    const refused = await apiDownload('/api/exports/tickets.csv?status=open', 'tickets.csv').catch(
      (caught: unknown) => caught,
    );
    expect(sent).toEqual(['Bearer tok-1']);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).message).toBe(UI_TEXT.tooManyExports);
    expect(sessionEnded).toBe(0);

    stubFetch(() => jsonResponse(401, { success: false, error: 'Invalid or expired token', code: 'UNAUTHORIZED' }));
    await expect(apiDownload('/api/exports/tickets.csv', 'tickets.csv')).rejects.toBeInstanceOf(ApiError);
    expect(sessionEnded).toBe(1);
  });

  it("reads the file's name from Content-Disposition", () => {
    expect(fileNameOf('attachment; filename="tickets-2031-03-10.csv"')).toBe('tickets-2031-03-10.csv');
    expect(fileNameOf('attachment')).toBeUndefined();
    expect(fileNameOf(null)).toBeUndefined();
  });
});
