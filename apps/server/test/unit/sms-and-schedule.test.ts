import { SMS_MAX_LENGTH } from '@smart/contracts';
import { describe, expect, it } from 'vitest';
import { cronEvery } from '../../src/modules/notifications/reminders.js';
import { cutText, smsText } from '../../src/sms/sender.js';

describe('the text of an SMS', () => {
  it('keeps a short line and adds the first link that fits', () => {
    const line = 'Ann assigned you the task "Call the bank"';
    const long = `https://smart.example.com/dashboard/projects/${'a'.repeat(150)}`;
    expect(smsText(line, [long, 'https://smart.example.com/dashboard/notifications/inbox'])).toBe(
      `${line} https://smart.example.com/dashboard/notifications/inbox`,
    );
    expect(smsText(line, [])).toBe(line);
  });

  it('cuts a long line to SMS_MAX_LENGTH characters, ending with an ellipsis, never inside a character', () => {
    const text = smsText(`The task "${'😀'.repeat(200)}" is overdue`, ['https://smart.example.com/x']);
    expect(Array.from(text)).toHaveLength(SMS_MAX_LENGTH);
    expect(text.endsWith('…')).toBe(true);
    expect(text).not.toMatch(/[\uD800-\uDBFF]…$/);
    expect(cutText('short')).toBe('short');
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
