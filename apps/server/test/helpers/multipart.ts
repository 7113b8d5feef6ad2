import { randomBytes } from 'node:crypto';
import type { AccountName, TestApp } from './app.js';

/** A 1×1 PNG. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

export interface FilePart {
  field: string;
  filename: string;
  content: Buffer;
  type: string;
}

/** A multipart/form-data body with these file parts, as a browser sends it. */
export function multipartFiles(parts: FilePart[]) {
  const boundary = `----smart${randomBytes(8).toString('hex')}`;
  const chunks = parts.flatMap(({ field, filename, content, type }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  return { body: Buffer.concat([...chunks, tail]), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, content: Buffer, type: string) {
  return multipartFiles([{ field, filename, content, type }]);
}

/** Uploads a small PNG as the account and returns its file URL (for avatars and logos). */
export async function uploadPng(t: TestApp, as: AccountName): Promise<string> {
  const { body, contentType } = multipartBody('file', 'picture.png', TINY_PNG, 'image/png');
  const response = await t.request({
    method: 'POST',
    url: '/api/files/upload',
    payload: body,
    headers: { 'content-type': contentType },
    as,
  });
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data.fileUrl as string;
}
