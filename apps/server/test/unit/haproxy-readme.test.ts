import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { haproxyConfig } from '../../cluster/haproxy.js';

/** The README's HAProxy configuration ("Scaling out"): the fenced block right after its marker line. */
function readmeHaproxyBlock(): string {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
  const match = /<!-- haproxy\.cfg[^\n]*-->\n```haproxy\n([\s\S]*?)```/.exec(readme);
  if (!match?.[1]) throw new Error('README.md has no ```haproxy block after its <!-- haproxy.cfg --> marker');
  return match[1];
}

describe("the README's HAProxy configuration", () => {
  it('is the one `npm run cluster` writes, with a host’s addresses (apps/server/cluster/haproxy.ts)', () => {
    expect(readmeHaproxyBlock()).toBe(
      haproxyConfig({
        bind: ':443 ssl crt /etc/haproxy/smart.pem',
        scheme: 'https',
        servers: ['10.0.0.11:3000', '10.0.0.12:3000', '10.0.0.13:3000'],
        statsSocket: '/run/haproxy/admin.sock',
      }),
    );
  });
});
