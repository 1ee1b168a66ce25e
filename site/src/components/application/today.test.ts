import { describe, expect, it } from 'vitest';
import { checkMoment } from './today';

describe('checkMoment', () => {
  it('hands core the moment itself, not one fixed time zone’s date', () => {
    expect(checkMoment(new Date('2026-03-01T13:59:59.123Z'))).toBe(Date.UTC(2026, 2, 1, 13, 59, 59, 123));
  });
});
