import { afterEach, describe, expect, it, vi } from 'vitest';
import { newClientMessageId, type OutgoingMessage, stillOutgoing } from './outbox';
import { message } from './test-messages';

const outgoing = (clientMessageId: string, content = 'Same words'): OutgoingMessage => ({
  clientMessageId,
  conversationId: 'c1',
  content,
  mentions: [],
  files: [],
  uploaded: null,
  status: 'failed',
  error: 'Network error',
  createdAt: '2026-11-25T10:00:00.000Z',
});
const stored = (clientMessageId: string | null) => ({
  ...message('m1', '2026-11-25T10:00:01.000Z'),
  content: 'Same words',
  clientMessageId,
});

describe('stillOutgoing', () => {
  it('drops the copy whose message was stored, matched by id, not by text', () => {
    const list = [outgoing('a'), outgoing('b')];
    expect(stillOutgoing(list, [stored('b')]).map((entry) => entry.clientMessageId)).toEqual(['a']);
  });

  it('keeps the same list when nothing matches (no re-render), whatever the texts say', () => {
    const list = [outgoing('a')];
    expect(stillOutgoing(list, [stored('z'), stored(null)])).toBe(list);
    expect(stillOutgoing(list, [])).toBe(list);
  });
});

describe('newClientMessageId', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('is a fresh UUID each time', () => {
    const [first, second] = [newClientMessageId(), newClientMessageId()];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
  });

  it('without a secure context (no crypto.randomUUID) it is 32 random hex digits', () => {
    const getRandomValues = crypto.getRandomValues.bind(crypto);
    vi.stubGlobal('crypto', { getRandomValues });
    expect(newClientMessageId()).toMatch(/^[0-9a-f]{32}$/);
  });
});
