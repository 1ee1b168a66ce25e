import { describe, expect, it, vi } from 'vitest';
import { bankToday } from './today';

vi.mock('./core', () => import('./core.testing'));

describe('bankToday', () => {
  it('is the date in UTC+10, as the server reckons it', () => {
    expect(bankToday(new Date('2026-03-01T13:59:59Z'))).toBe('2026-03-01');
    expect(bankToday(new Date('2026-03-01T14:00:00Z'))).toBe('2026-03-02');
  });
});
