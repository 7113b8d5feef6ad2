import { randomBytes } from 'node:crypto';
import { fileEndpoints, userEndpoints } from '@smart/contracts';
import type { Caller, TestApp } from './app.js';

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
export const multipartFiles = (parts: FilePart[]) => multipartForm({}, parts);

/** A multipart/form-data body with text fields first, then file parts, as a browser sends a FormData. */
export function multipartForm(fields: Record<string, string>, parts: FilePart[]) {
  const boundary = `----smart${randomBytes(8).toString('hex')}`;
  const fieldChunks = Object.entries(fields).map(([name, value]) =>
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  const chunks = parts.flatMap(({ field, filename, content, type }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  const tail = Buffer.from(`--${boundary}--\r\n`);
  return {
    body: Buffer.concat([...fieldChunks, ...chunks, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** A multipart/form-data body with one file part. */
export function multipartBody(field: string, filename: string, content: Buffer, type: string) {
  return multipartFiles([{ field, filename, content, type }]);
}

/** POSTs a multipart body with these parts to `url`, as the account (signed out when none). */
export function postParts(t: TestApp, url: string, parts: FilePart[], as?: Caller) {
  const { body, contentType } = multipartFiles(parts);
  return t.request({ method: 'POST', url, payload: body, headers: { 'content-type': contentType }, ...(as && { as }) });
}

/** POST /api/files/upload with these parts, as the account (signed out when none). */
export const sendUpload = (t: TestApp, parts: FilePart[], as?: Caller) =>
  postParts(t, fileEndpoints.upload.path, parts, as);

/** Uploads a file as the account and returns its file URL (a PNG by default: avatars and logos). */
export async function uploadFile(
  t: TestApp,
  as: Caller,
  file: Omit<FilePart, 'field'> = { filename: 'picture.png', content: TINY_PNG, type: 'image/png' },
): Promise<string> {
  const response = await sendUpload(t, [{ field: 'file', ...file }], as);
  if (response.statusCode !== 201) throw new Error(`upload failed: ${response.statusCode} ${response.body}`);
  return response.json().data.fileUrl as string;
}

export const uploadPng = (t: TestApp, as: Caller) => uploadFile(t, as);

/** Makes an upload the account's profile picture (PUT /api/users/profile): from then on it is public by key. */
export async function makeProfilePicture(t: TestApp, as: Caller, fileUrl: string): Promise<void> {
  const response = await t.call(userEndpoints.updateProfile, { as, body: { meta: { profileImage: fileUrl } } });
  if (response.status !== 200) throw new Error(`profile picture refused: ${response.status} ${response.response.body}`);
}
