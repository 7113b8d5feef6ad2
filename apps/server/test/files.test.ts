import { MAX_UPLOAD_BYTES, MESSAGES } from '@smart/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app.js';
import { multipartBody, multipartFiles, sendUpload, TINY_PNG } from './helpers/multipart.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function upload(
  content: Buffer,
  filename: string,
  options: { as?: 'acmeMember'; contentType?: string; field?: string } = {},
) {
  const part = { field: options.field ?? 'file', filename, content, type: options.contentType ?? 'image/png' };
  return sendUpload(t, [part], 'as' in options ? options.as : 'acmeMember');
}

describe('POST /api/files/upload', () => {
  it('stores an image under a random key and serves it back inline with nosniff', async () => {
    const response = await upload(TINY_PNG, 'avatar.png');
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data).toMatchObject({ originalName: 'avatar.png', fileType: 'image/png', fileSize: TINY_PNG.length });
    expect(data.fileName).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(data.fileUrl).toBe(`/api/files/${data.fileName}`);

    const served = await t.request({ method: 'GET', url: data.fileUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline/);
    expect(served.rawPayload.equals(TINY_PNG)).toBe(true);
  });

  it('takes the type from the content, not from the client, and serves non-images as attachments', async () => {
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const response = await upload(html, 'evil.png', { contentType: 'image/png' });
    expect(response.statusCode).toBe(201);
    const data = response.json().data;
    expect(data.fileType).toBe('application/octet-stream');
    const served = await t.request({ method: 'GET', url: data.fileUrl });
    expect(served.headers['content-type']).toBe('application/octet-stream');
    expect(served.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''evil.png`);
  });

  it('refuses a file over 10 MB with 413 and keeps nothing', async () => {
    const response = await upload(Buffer.alloc(MAX_UPLOAD_BYTES + 1024, 1), 'big.bin');
    expect(response.statusCode).toBe(413);
    expect(response.json().error).toBe(MESSAGES.fileTooLarge);
    const rows = await t.database.db.query.files.findMany();
    expect(rows.map((row) => row.originalName)).not.toContain('big.bin');
  });

  it('accepts a file of exactly 10 MB', async () => {
    const response = await upload(Buffer.alloc(MAX_UPLOAD_BYTES, 1), 'exact.bin');
    expect(response.statusCode).toBe(201);
    expect(response.json().data.fileSize).toBe(MAX_UPLOAD_BYTES);
  });

  it('needs the field "file" and a multipart body', async () => {
    expect((await upload(TINY_PNG, 'a.png', { field: 'image' })).statusCode).toBe(400);
    const json = await t.request({
      method: 'POST',
      url: '/api/files/upload',
      as: 'acmeMember',
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
  });

  it('needs a session', async () => {
    const response = await sendUpload(t, [{ field: 'file', filename: 'a.png', content: TINY_PNG, type: 'image/png' }]);
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/files/:key', () => {
  it('is 404 for an unknown or malformed key', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/files/00000000-0000-4000-8000-000000000000.png' })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: '/api/files/..%2F..%2Fetc%2Fpasswd' })).statusCode).toBe(404);
  });
});

describe('broken uploads never crash the server', () => {
  const send = (payload: Buffer | string, contentType: string) =>
    t.request({
      method: 'POST',
      url: '/api/files/upload',
      as: 'acmeMember',
      payload,
      headers: { 'content-type': contentType },
    });

  it('answers a body cut off before its closing boundary or mid-file with 400', async () => {
    const small = multipartBody('file', 'cut.png', TINY_PNG, 'image/png');
    const large = multipartBody('file', 'cut.bin', Buffer.alloc(300_000, 7), 'application/octet-stream');
    const cuts = [
      [small, small.body.length - 30],
      [small, small.body.length - 8],
      [large, 150_000],
    ] as const;
    for (const [{ body, contentType }, cutAt] of cuts) {
      const response = await send(body.subarray(0, cutAt), contentType);
      expect(response.statusCode, `cut at ${cutAt}`).toBe(400);
      expect(response.json().error).toBe(MESSAGES.uploadIncomplete);
    }
    // The server is still up and serving.
    expect((await t.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('answers a multipart type without boundary, and junk, with 400', async () => {
    for (const [payload, type] of [
      ['whatever', 'multipart/form-data'],
      ['not multipart at all', 'multipart/form-data; boundary=xyz'],
    ] as const) {
      const response = await send(payload, type);
      expect(response.statusCode, `${type} ${payload}`).toBe(400);
      expect(response.json().error).toBe(MESSAGES.fileRequired);
    }
  });

  it('refuses an empty file with 400 and keeps nothing', async () => {
    const { body, contentType } = multipartBody('file', 'empty.txt', Buffer.alloc(0), 'text/plain');
    const response = await send(body, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.fileEmpty);
    const rows = await t.database.db.query.files.findMany();
    expect(rows.map((row) => row.originalName)).not.toContain('empty.txt');
  });

  it('refuses a second file in one request with 400 and keeps neither', async () => {
    const { body, contentType } = multipartFiles([
      { field: 'file', filename: 'first.png', content: TINY_PNG, type: 'image/png' },
      { field: 'file', filename: 'second.png', content: TINY_PNG, type: 'image/png' },
    ]);
    const response = await send(body, contentType);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(MESSAGES.oneFileOnly);
    const rows = await t.database.db.query.files.findMany();
    expect(rows.map((row) => row.originalName)).not.toContain('first.png');
    expect(rows.map((row) => row.originalName)).not.toContain('second.png');
  });
});
