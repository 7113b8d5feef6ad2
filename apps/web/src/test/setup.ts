import { cleanup } from '@testing-library/react';
import { afterEach, expect, vi } from 'vitest';
import { unanswered } from './fake-server';

// happy-dom has no font loading API; Mantine's autosizing textarea listens to it.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { value: Object.assign(new EventTarget(), { ready: Promise.resolve() }) });
}

// Each test starts signed out with an empty page; a request no handler answered fails the test.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  const missed = unanswered.splice(0);
  expect(missed, 'requests no handler answered').toEqual([]);
});
