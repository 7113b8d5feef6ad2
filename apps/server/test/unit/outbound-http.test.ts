import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import { createServer as createTlsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { refusedRange } from '../../src/lib/outbound-address.js';
import { type OutboundRequest, postOutbound, type ResolveHost } from '../../src/lib/outbound-http.js';

/*
 * Outbound requests to user-chosen URLs (decision 0279) against real local HTTP servers: what is
 * refused is never sent, what is allowed reaches the address that was checked, and no answer can
 * hold an attempt past its deadline or fill memory.
 */

const servers: Server[] = [];
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A server on 127.0.0.1 and the requests it received. */
async function serve(handler: RequestListener) {
  const received: { headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString() });
      handler(request, response);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { port, received, url: `http://127.0.0.1:${port}` };
}

const answer = (status: number, body = 'ok', headers: Record<string, string> = {}) =>
  ((_request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(status, headers).end(body);
  }) satisfies RequestListener;

const post = (url: string, more: Partial<OutboundRequest> = {}) =>
  postOutbound({
    url,
    headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1' },
    body: '{"type":"webhook.test"}',
    timeoutMs: 5000,
    maxResponseBytes: 16 * 1024,
    allowPrivateTargets: false,
    ...more,
  });

/** A resolver that answers these addresses for any name, and counts its calls. */
function resolverOf(...addresses: string[]) {
  const calls: string[] = [];
  const resolve: ResolveHost = async (hostname) => {
    calls.push(hostname);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

describe('refusedRange', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'carrier-grade NAT'],
    ['169.254.169.254', 'cloud metadata'],
    ['169.254.1.1', 'link-local'],
    ['0.0.0.0', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['192.0.2.10', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:0:a9fe:a9fe', 'cloud metadata'],
    ['64:ff9b::a00:1', 'private'],
    ['::127.0.0.1', 'reserved'],
    ['fd00:ec2::254', 'cloud metadata'],
    ['fd12:3456::1', 'unique-local'],
    ['fe80::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'documentation'],
    ['2002:7f00:1::1', 'reserved'],
    ['2001:0:4136:e378::1', 'reserved'],
    ['not an address', 'reserved'],
  ])('refuses %s (%s)', (address, range) => {
    expect(refusedRange(address)).toBe(range);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.215.14',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
  ])('lets the public address %s through', (address) => {
    expect(refusedRange(address)).toBeNull();
  });
});

describe('postOutbound refuses before sending', async () => {
  const target = await serve(answer(200));
  const port = target.port;

  it.each([
    [`https://127.0.0.1:${port}/hook`, '127.0.0.1 is a loopback address'],
    ['https://10.0.0.1/hook', '10.0.0.1 is a private address'],
    ['https://169.254.169.254/latest/meta-data/', '169.254.169.254 is a cloud metadata address'],
    [`https://[::1]:${port}/`, '::1 is a loopback address'],
    [`https://[::ffff:127.0.0.1]:${port}/`, '::ffff:7f00:1 is a loopback address'],
    [`https://0.0.0.0:${port}/`, '0.0.0.0 is an unspecified address'],
    [`https://2130706433:${port}/`, '127.0.0.1 is a loopback address'],
    [`https://0x7f.1:${port}/`, '127.0.0.1 is a loopback address'],
    [`https://017700000001:${port}/`, '127.0.0.1 is a loopback address'],
    ['https://[fd00:ec2::254]/latest/meta-data/', 'fd00:ec2::254 is a cloud metadata address'],
  ])('%s', async (url, detail) => {
    const result = await post(url);
    expect(result).toMatchObject({ ok: false, error: 'refused_address', detail });
  });

  it('refuses a name that resolves to a private address (localhost, by the system resolver)', async () => {
    const result = await post(`https://localhost:${port}/hook`);
    expect(result).toMatchObject({ ok: false, error: 'refused_address' });
    expect(result.ok === false && result.detail).toMatch(
      /^localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const { resolve, calls } = resolverOf('93.184.215.14', '2606:4700:4700::1111', '10.1.2.3');
    const result = await post('https://hooks.example.com/in', { resolve });
    expect(result).toMatchObject({
      ok: false,
      error: 'refused_address',
      detail: 'hooks.example.com resolves to 10.1.2.3, a private address',
    });
    expect(calls).toEqual(['hooks.example.com']);
  });

  it('refuses plain http:// and other schemes unless private targets are allowed', async () => {
    expect(await post(`${target.url}/hook`)).toMatchObject({ ok: false, error: 'refused_scheme' });
    expect(await post('ftp://files.example.com/x')).toMatchObject({ ok: false, error: 'refused_scheme' });
    expect(await post('not a url')).toMatchObject({ ok: false, error: 'refused_scheme' });
    expect(await post('file:///etc/passwd', { allowPrivateTargets: true })).toMatchObject({
      ok: false,
      error: 'refused_scheme',
    });
  });

  it('sent nothing for any of them', () => {
    expect(target.received).toEqual([]);
  });
});

describe('postOutbound with private targets allowed (development and tests)', () => {
  it('posts the body and headers and reads the answer', async () => {
    const target = await serve(answer(202, 'thanks', { 'x-receiver': 'yes' }));
    const result = await post(`${target.url}/hook?x=1`, { allowPrivateTargets: true });
    expect(result).toMatchObject({
      ok: true,
      status: 202,
      body: 'thanks',
      bodyTruncated: false,
      address: '127.0.0.1',
    });
    expect(result.ok && result.headers['x-receiver']).toBe('yes');
    expect(target.received).toEqual([
      {
        headers: expect.objectContaining({ 'webhook-id': 'msg_1', 'content-length': '23' }),
        body: '{"type":"webhook.test"}',
      },
    ]);
  });

  it('connects to the address it resolved and checked, once, keeping the name in the Host header', async () => {
    const target = await serve(answer(200));
    const { resolve, calls } = resolverOf('127.0.0.1');
    const result = await post(`http://receiver.example:${target.port}/in`, { allowPrivateTargets: true, resolve });
    expect(result).toMatchObject({ ok: true, status: 200, address: '127.0.0.1' });
    // The system resolver knows no receiver.example: the connection used the checked address.
    expect(calls).toEqual(['receiver.example']);
    expect(target.received[0]?.headers.host).toBe(`receiver.example:${target.port}`);
  });

  it('tries the next checked address when the first does not connect (localhost: ::1, then 127.0.0.1)', async () => {
    const target = await serve(answer(200));
    const { resolve } = resolverOf('::1', '127.0.0.1');
    const result = await post(`http://localhost:${target.port}/`, { allowPrivateTargets: true, resolve });
    expect(result).toMatchObject({ ok: true, status: 200 });
  });

  it('does not follow a redirect: the 302 is the answer, and its target is never asked', async () => {
    const elsewhere = await serve(answer(200));
    const redirecting = await serve(answer(302, '', { location: `${elsewhere.url}/internal` }));
    const result = await post(`${redirecting.url}/hook`, { allowPrivateTargets: true });
    expect(result).toMatchObject({
      ok: false,
      error: 'redirect',
      status: 302,
      detail: `Answered 302 to ${elsewhere.url}/internal: redirects are not followed`,
    });
    expect(redirecting.received).toHaveLength(1);
    expect(elsewhere.received).toHaveLength(0);
  });

  it('gives up at the deadline on a server that never answers', async () => {
    const silent = await serve(() => undefined);
    const result = await post(`${silent.url}/hook`, { allowPrivateTargets: true, timeoutMs: 300 });
    expect(result).toMatchObject({ ok: false, error: 'timeout' });
    expect(result.durationMs).toBeGreaterThanOrEqual(290);
    expect(result.durationMs).toBeLessThan(2000);
  });

  it('gives up at the deadline on a server that drips its body, keeping the status it sent', async () => {
    const timers: NodeJS.Timeout[] = [];
    const dripping = await serve((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      timers.push(setInterval(() => response.write('.'), 20));
    });
    const result = await post(`${dripping.url}/hook`, { allowPrivateTargets: true, timeoutMs: 400 });
    for (const timer of timers) clearInterval(timer);
    expect(result).toMatchObject({ ok: false, error: 'timeout', status: 200 });
    expect(result.durationMs).toBeLessThan(2000);
  });

  it('gives up at the deadline when the name does not resolve in time', async () => {
    const result = await post('http://slow-dns.example/', {
      allowPrivateTargets: true,
      timeoutMs: 200,
      resolve: () => new Promise(() => undefined),
    });
    expect(result).toMatchObject({ ok: false, error: 'timeout' });
  });

  it('reads a 1 MB answer only up to the cap', async () => {
    const big = await serve(answer(200, 'x'.repeat(1024 * 1024)));
    const result = await post(`${big.url}/hook`, { allowPrivateTargets: true, maxResponseBytes: 16 * 1024 });
    expect(result).toMatchObject({ ok: true, status: 200, bodyTruncated: true });
    expect(result.ok && result.body.length).toBe(16 * 1024);
  });

  it('closes the connection of an answer that would go on for 256 MB once the cap is read', async () => {
    const chunk = Buffer.alloc(64 * 1024, 'x');
    const total = 256 * 1024 * 1024;
    let sent = 0;
    let closedAfter: number | null = null;
    const endless = await serve((_request, response) => {
      response.on('close', () => {
        closedAfter = sent;
      });
      response.writeHead(200, { 'content-type': 'text/plain' });
      const pump = () => {
        while (sent < total && !response.destroyed) {
          sent += chunk.length;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      pump();
    });
    const result = await post(`${endless.url}/hook`, { allowPrivateTargets: true, maxResponseBytes: 16 * 1024 });
    expect(result).toMatchObject({ ok: true, bodyTruncated: true });
    await expect.poll(() => closedAfter).not.toBeNull();
    expect(closedAfter).toBeLessThan(total / 4);
  });

  it('says a refused connection or an unknown name is a network failure', async () => {
    const gone = await serve(answer(200));
    const url = `${gone.url}/hook`;
    const server = servers.pop();
    await new Promise((resolve) => server?.close(resolve));
    expect(await post(url, { allowPrivateTargets: true })).toMatchObject({
      ok: false,
      error: 'network',
      detail: expect.stringContaining('ECONNREFUSED'),
    });
    expect(await post('http://no-such-host.invalid/', { allowPrivateTargets: true })).toMatchObject({
      ok: false,
      error: 'network',
      detail: expect.stringContaining('no-such-host.invalid'),
    });
  });
});

describe('postOutbound over https', () => {
  it('names the host in TLS (SNI) while connecting to the checked address, and checks the certificate', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'outbound-tls-'));
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=receiver.example',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    const names: string[] = [];
    const server = createTlsServer(
      {
        key: readFileSync(path.join(dir, 'key.pem')),
        cert: readFileSync(path.join(dir, 'cert.pem')),
        SNICallback: (name, callback) => {
          names.push(name);
          callback(null);
        },
      },
      (_request, response) => response.end('ok'),
    );
    rmSync(dir, { recursive: true });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const { resolve } = resolverOf('127.0.0.1');
    const result = await post(`https://receiver.example:${port}/in`, { allowPrivateTargets: true, resolve });
    // Self-signed: refused by the certificate check, after the handshake named the host.
    expect(result).toMatchObject({ ok: false, error: 'network', detail: expect.stringMatching(/self[- ]signed/) });
    expect(names).toEqual(['receiver.example']);
  });
});
