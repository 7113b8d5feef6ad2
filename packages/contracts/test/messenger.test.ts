import { describe, expect, it } from 'vitest';
import { isAcceptedMessageFile, sendMessageBody } from '../src/index.js';

describe('message files (images, pdf, doc, docx, txt, zip, rar)', () => {
  it('accepts those by name and sniffed type', () => {
    expect(isAcceptedMessageFile('screen.PNG', 'image/png')).toBe(true);
    expect(isAcceptedMessageFile('plan.pdf', 'application/pdf')).toBe(true);
    expect(isAcceptedMessageFile('letter.doc', 'application/x-cfb')).toBe(true);
    expect(isAcceptedMessageFile('letter.docx', 'application/zip')).toBe(true);
    expect(isAcceptedMessageFile('notes.txt', 'application/octet-stream')).toBe(true);
    expect(isAcceptedMessageFile('backup.rar', 'application/x-rar-compressed')).toBe(true);
  });

  it('refuses other names, and a known name whose content is something else', () => {
    expect(isAcceptedMessageFile('setup.exe', 'application/x-msdownload')).toBe(false);
    expect(isAcceptedMessageFile('photo.png', 'application/x-msdownload')).toBe(false);
    expect(isAcceptedMessageFile('notes.txt', 'application/pdf')).toBe(false);
    expect(isAcceptedMessageFile('no-extension', 'image/png')).toBe(false);
  });
});

describe('sendMessageBody', () => {
  const conversationId = '3f1c9d4e-8a2b-4c6d-9e0f-1a2b3c4d5e6f';
  it('needs non-blank text or a file', () => {
    expect(sendMessageBody.safeParse({ conversationId, content: ' \n ' }).success).toBe(false);
    expect(sendMessageBody.safeParse({ conversationId, content: 'Hi' }).success).toBe(true);
    const key = '3f1c9d4e-8a2b-4c6d-9e0f-1a2b3c4d5e6f.png';
    expect(sendMessageBody.safeParse({ conversationId, attachments: [{ s3Key: key }] }).success).toBe(true);
  });
});
