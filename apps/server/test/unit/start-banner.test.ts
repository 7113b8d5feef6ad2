import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { startBanner } from '../../src/start-banner.js';

const POSTGRES = { DATABASE_URL: 'postgres://db.internal/smart', TWO_FACTOR_ENCRYPTION_KEY: 'a'.repeat(64) };

const bannerOf = (environment: NodeJS.ProcessEnv) =>
  startBanner({ config: loadConfig(environment), port: 3000, database: 'PGlite', seededNow: false, phases: '' });

/** The README's table of demo sign-ins ("The two commands"): each row's role and e-mail. */
function readmeSignIns(): { role: string; email: string }[] {
  const readme = readFileSync(path.resolve(import.meta.dirname, '../../../../README.md'), 'utf8');
  const rows = readme
    .split('\n')
    .filter((line) => /^\|[^|]+\|\s*`[^`]+@[^`]+`\s*\|\s*`demo-password`\s*\|$/.test(line));
  return rows.map((row) => {
    const [role = '', email = ''] = row
      .split('|')
      .slice(1, 3)
      .map((cell) => cell.trim());
    return { role: role.split(' ')[0] ?? '', email: email.replaceAll('`', '') };
  });
}

describe('the start banner', () => {
  it('lists every demo sign-in the README lists, with its role, and no other', () => {
    const signIns = readmeSignIns();
    expect(signIns.length).toBeGreaterThanOrEqual(5);
    const banner = bannerOf({});
    const listed = banner.filter((line) => /^\s+\S.*@\S+$/.test(line));
    expect(listed).toHaveLength(signIns.length);
    for (const { role, email } of signIns) {
      expect(
        listed.find((line) => line.trim().endsWith(` ${email}`)),
        email,
      ).toMatch(new RegExp(`^\\s+${role} \\(`));
    }
    expect(banner).toContain('Demo sign-ins (password "demo-password"):');
  });

  it('with demo data and no HOST listens on 127.0.0.1 only, and says how to open it', () => {
    const config = loadConfig({});
    expect(config.host).toBe('127.0.0.1');
    expect(bannerOf({}).join('\n')).toMatch(/Listening on 127\.0\.0\.1 only.*Set HOST=0\.0\.0\.0/);
    // An empty HOST (HOST= in a compose file) is unset.
    expect(loadConfig({ HOST: '' }).host).toBe('127.0.0.1');
  });

  it('listens where HOST says, and on every interface without demo data', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(bannerOf({ HOST: '0.0.0.0' })).toContain('Listening on 0.0.0.0 (every interface)');
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).host).toBe('0.0.0.0');
    expect(loadConfig(POSTGRES).host).toBe('0.0.0.0');
    expect(loadConfig({ ...POSTGRES, SEED_DEMO_DATA: 'true' }).host).toBe('127.0.0.1');
    expect(loadConfig({ ...POSTGRES, HOST: '10.0.0.5' }).host).toBe('10.0.0.5');
    expect(bannerOf({ SEED_DEMO_DATA: 'false' }).join('\n')).not.toContain('Demo sign-ins');
  });
});
