import { describe, expect, it } from 'vitest';
import { historySentence, statusColor, valueLabel } from './ticket-labels';

describe('ticket labels', () => {
  it('shows underscores as spaces', () => {
    expect(valueLabel('in_progress')).toBe('In progress');
    expect(valueLabel('feature_request')).toBe('Feature request');
  });

  it('colours the statuses as the list shows them, unknown ones grey', () => {
    expect(['open', 'in_progress', 'resolved', 'closed', 'lost'].map(statusColor)).toEqual([
      'green',
      'yellow',
      'blue',
      'gray',
      'gray',
    ]);
  });
});

describe('historySentence', () => {
  it('says what changed, in words', () => {
    expect(historySentence({ kind: 'status', from: 'open', to: 'in_progress' })).toBe(
      'changed the status from Open to In progress',
    );
    expect(historySentence({ kind: 'assignee', from: null, to: 'Ada Lovelace' })).toBe(
      'assigned the ticket to Ada Lovelace',
    );
    expect(historySentence({ kind: 'assignee', from: 'Ada Lovelace', to: null })).toBe('unassigned the ticket');
    expect(historySentence({ kind: 'attachment_added', from: null, to: 'report.pdf' })).toBe('attached report.pdf');
  });
});
