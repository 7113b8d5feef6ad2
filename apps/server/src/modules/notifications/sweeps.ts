/** Shared by the reminder sweeps the domains hand the engine (tasks' due dates, sessions' start). */

/** Reminders given per transaction: a backlog (the first sweep after a long stop) goes in several. */
export const REMINDER_BATCH_SIZE = 500;

/**
 * A cron expression near the interval (pg-boss schedules by the minute): whole minutes that divide
 * an hour, else whole hours that divide a day (300 s → every 5 minutes; 7 minutes → every 6).
 */
export function cronEvery(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  const largestDivisor = (of: number, atMost: number) => {
    for (let divisor = Math.min(atMost, of); divisor > 1; divisor -= 1) if (of % divisor === 0) return divisor;
    return 1;
  };
  if (minutes < 60) {
    const every = largestDivisor(60, minutes);
    return every === 1 ? '* * * * *' : `*/${every} * * * *`;
  }
  const every = largestDivisor(24, Math.floor(minutes / 60));
  if (every === 24) return '0 0 * * *';
  return every === 1 ? '0 * * * *' : `0 */${every} * * *`;
}
