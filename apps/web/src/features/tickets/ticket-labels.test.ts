import { describe, expect, it } from 'vitest';
import { statusColor, valueLabel } from './ticket-labels';

describe('ticket labels', () => {
  it('shows underscores as spaces', () => {
    expect(valueLabel('in_progress')).toBe('In progress');
    expect(valueLabel('feature_request')).toBe('Feature request');
  });

  it('colours the statuses as section 9 says, unknown ones grey', () => {
    expect(['open', 'in_progress', 'resolved', 'closed', 'lost'].map(statusColor)).toEqual([
      'green',
      'yellow',
      'blue',
      'gray',
      'gray',
    ]);
  });
});
