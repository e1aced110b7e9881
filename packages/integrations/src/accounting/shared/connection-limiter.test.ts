import { describe, expect, it } from 'vitest';
import { createConnectionLimiter, LIMITS } from './connection-limiter';

function fakeClock() {
  let now = 0;
  const sleep = (ms: number): Promise<void> => {
    now += ms;
    return Promise.resolve();
  };
  return { now: () => now, sleep, get at() { return now; } };
}

describe('per-connection limiter', () => {
  it('starts at most 60 Xero calls per minute: the 61st waits for the window', async () => {
    const clock = fakeClock();
    const limiter = createConnectionLimiter(LIMITS.XERO, clock);
    const startedAt: number[] = [];
    await Promise.all(Array.from({ length: 61 }, () => limiter.run(() => Promise.resolve(void startedAt.push(clock.now())))));
    expect(startedAt.slice(0, 60).every((t) => t === 0)).toBe(true);
    expect(startedAt[60]).toBe(60_000);
  });

  it('keeps at most 5 Xero calls in flight', async () => {
    const limiter = createConnectionLimiter(LIMITS.XERO);
    let inFlight = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 12 }, () =>
        limiter.run(async () => {
          inFlight += 1;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 5));
          inFlight -= 1;
        }),
      ),
    );
    expect(most).toBe(5);
  });

  it('QBO: 10 per second', async () => {
    const clock = fakeClock();
    const limiter = createConnectionLimiter(LIMITS.QBO, clock);
    const startedAt: number[] = [];
    await Promise.all(Array.from({ length: 25 }, () => limiter.run(() => Promise.resolve(void startedAt.push(clock.now())))));
    expect(startedAt.filter((t) => t < 1000)).toHaveLength(10);
    expect(startedAt.filter((t) => t < 2000)).toHaveLength(20);
  });

  it('a 429 pauses the connection for its Retry-After', async () => {
    const clock = fakeClock();
    const limiter = createConnectionLimiter(LIMITS.QBO, clock);
    limiter.pauseFor(7000);
    const at = await limiter.run(() => Promise.resolve(clock.now()));
    expect(at).toBe(7000);
  });
});
