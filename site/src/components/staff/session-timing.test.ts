import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { END_WARNING_SECONDS, endPhase, idlePhase, idleWarningSeconds } from './session-timing';
import { sydneyClock } from './time';

const MINUTE = 60_000;
// 07:32 UTC on 27 November 2026 is 18:32 in Sydney (daylight time, UTC+11).
const SIGN_IN = Date.UTC(2026, 10, 27, 7, 32);
const EIGHT_HOURS_LATER = SIGN_IN + 8 * 60 * MINUTE;

describe('the absolute end', () => {
  it('is quiet until ten minutes before, counts down, then ends', () => {
    expect(END_WARNING_SECONDS).toBe(600);
    expect(endPhase(EIGHT_HOURS_LATER, SIGN_IN)).toEqual({ state: 'quiet' });
    expect(endPhase(EIGHT_HOURS_LATER, EIGHT_HOURS_LATER - 10 * MINUTE - 1000)).toEqual({ state: 'quiet' });
    expect(endPhase(EIGHT_HOURS_LATER, EIGHT_HOURS_LATER - 10 * MINUTE)).toEqual({ state: 'warning', secondsLeft: 600 });
    expect(endPhase(EIGHT_HOURS_LATER, EIGHT_HOURS_LATER - 1)).toEqual({ state: 'warning', secondsLeft: 1 });
    expect(endPhase(EIGHT_HOURS_LATER, EIGHT_HOURS_LATER)).toEqual({ state: 'ended' });
    expect(endPhase(EIGHT_HOURS_LATER, EIGHT_HOURS_LATER + MINUTE)).toEqual({ state: 'ended' });
  });

  it('is said on Sydney’s clock, 24-hour', () => {
    expect(sydneyClock(new Date(EIGHT_HOURS_LATER))).toBe('02:32');
    expect(sydneyClock(new Date(Date.UTC(2026, 6, 1, 7, 42)))).toBe('17:42'); // winter, UTC+10
  });
});

describe('the idle end', () => {
  const idle = 15 * 60;
  it('warns two minutes before (a quarter of a short session) and ends', () => {
    expect(idleWarningSeconds(idle)).toBe(120);
    expect(idleWarningSeconds(60)).toBe(15);
    const seen = SIGN_IN;
    expect(idlePhase(seen, idle, EIGHT_HOURS_LATER, seen + 12 * MINUTE)).toEqual({ state: 'quiet' });
    expect(idlePhase(seen, idle, EIGHT_HOURS_LATER, seen + 13 * MINUTE)).toEqual({ state: 'warning', secondsLeft: 120 });
    expect(idlePhase(seen, idle, EIGHT_HOURS_LATER, seen + 15 * MINUTE)).toEqual({ state: 'ended' });
  });

  it('leaves the last stretch to the absolute end, which staying signed in could not outlast', () => {
    const seen = EIGHT_HOURS_LATER - 5 * MINUTE;
    expect(idlePhase(seen, idle, EIGHT_HOURS_LATER, seen + 14 * MINUTE)).toEqual({ state: 'quiet' });
    expect(endPhase(EIGHT_HOURS_LATER, seen + 1000)).toEqual({ state: 'warning', secondsLeft: 299 });
  });
});

describe('on a running clock', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(SIGN_IN);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('a once-a-second check sees the warning at ten minutes before the end and the end at eight hours', () => {
    const changes: [string, number][] = [];
    const timer = setInterval(() => {
      const phase = endPhase(EIGHT_HOURS_LATER, Date.now());
      if (changes.at(-1)?.[0] !== phase.state) changes.push([phase.state, Date.now() - SIGN_IN]);
    }, 1000);
    vi.advanceTimersByTime(8 * 60 * MINUTE + 5000);
    clearInterval(timer);
    expect(changes).toEqual([
      ['quiet', 1000],
      ['warning', 8 * 60 * MINUTE - 10 * MINUTE],
      ['ended', 8 * 60 * MINUTE],
    ]);
  });
});
