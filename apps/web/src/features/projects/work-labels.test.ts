import { describe, expect, it } from 'vitest';
import { activitySentence, taskCountLabel } from './work-labels';

describe("a task's history in words", () => {
  it('says what changed, from what to what', () => {
    expect(activitySentence({ kind: 'progress', from: '5', to: '10' })).toBe('changed the progress from 5% to 10%');
    expect(activitySentence({ kind: 'status', from: 'not_started', to: 'completed' })).toBe(
      'changed the status from Not Started to Completed',
    );
    expect(activitySentence({ kind: 'due_date', from: null, to: '2026-05-01' })).toBe(
      'changed the due date from none to 05/01/2026',
    );
    expect(activitySentence({ kind: 'assignee', from: null, to: 'Dana Lee' })).toBe('assigned the task to Dana Lee');
    expect(activitySentence({ kind: 'attachment_added', from: null, to: 'plan.pdf' })).toBe('attached plan.pdf');
  });

  it('counts finished tasks out of all', () => {
    expect(taskCountLabel(2, 5)).toBe('2/5 tasks completed');
    expect(taskCountLabel(0, 1)).toBe('0/1 task completed');
  });
});
