import { SMS_MAX_LENGTH, smsLine } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { cronEvery } from '../../src/modules/notifications/sweeps.js';
import { cutText, smsText } from '../../src/sms/sender.js';

describe('the text of an SMS', () => {
  it('keeps a short line and adds the first link that leaves the line room', () => {
    const line = 'Ann assigned you the task "Call the bank"';
    const long = `https://smart.example.com/dashboard/projects/${'a'.repeat(150)}`;
    expect(smsText(line, [long, 'https://smart.example.com/dashboard/notifications/inbox'])).toBe(
      `${line} https://smart.example.com/dashboard/notifications/inbox`,
    );
    expect(smsText(line, [])).toBe(line);
  });

  it('cuts a long line, never the link, to SMS_MAX_LENGTH characters, never inside a character', () => {
    const link = 'https://smart.example.com/dashboard/tasks/0c6f5a8e-3a4f-4a8e-9d52-1c1a36f0c9aa';
    const text = smsText(`The task "${'😀'.repeat(200)}" is overdue`, [link]);
    expect(Array.from(text)).toHaveLength(SMS_MAX_LENGTH);
    expect(text.endsWith(`… ${link}`)).toBe(true);
    expect(text).not.toMatch(/[\uD800-\uDBFF]…/);
    expect(Array.from(smsText('x'.repeat(300), []))).toHaveLength(SMS_MAX_LENGTH);
    expect(cutText('short')).toBe('short');
  });

  it('says why it came: a high-priority task, an urgent ticket', () => {
    expect(smsLine('task_assigned', 'Ann assigned you the task "Call the bank"')).toBe(
      'High priority: Ann assigned you the task "Call the bank"',
    );
    expect(smsLine('ticket_assigned', 'Ann assigned you "Server down"')).toBe(
      'Urgent ticket: Ann assigned you "Server down"',
    );
    expect(smsLine('task_overdue', 'The task "Call the bank" is overdue')).toBe('The task "Call the bank" is overdue');
  });
});

describe('the reminder schedule', () => {
  it.each([
    [300, '*/5 * * * *'],
    [60, '* * * * *'],
    [1, '* * * * *'],
    [7 * 60, '*/6 * * * *'],
    [3600, '0 * * * *'],
    [5 * 3600, '0 */4 * * *'],
    [86_400, '0 0 * * *'],
  ])('every %i s runs on %s', (seconds, cron) => {
    expect(cronEvery(seconds)).toBe(cron);
  });
});
