import { describe, expect, it } from 'vitest';
import { checkMoment } from './today';

describe('checkMoment', () => {
  it('hands core the moment itself, not one fixed time zone’s date', () => {
    expect(checkMoment(new Date('2026-03-01T13:59:59Z'))).toBe('2026-03-01T13:59:59.000Z');
  });
});
