/**
 * The per-connection queue: at most `concurrency` calls in flight and at most `limit` calls started
 * in any sliding `windowMs` (Xero: 5 concurrent, 60/min, 5,000/day; QBO: 10/s and 500/min;
 * NetSuite: its account's concurrency). Calls wait their turn in order. A 429 pauses the whole
 * connection until its Retry-After has passed (`pauseFor`).
 */
export interface RateWindow {
  limit: number;
  windowMs: number;
}

export interface LimiterPolicy {
  concurrency: number;
  windows: RateWindow[];
}

export interface ConnectionLimiter {
  run<T>(task: () => Promise<T>): Promise<T>;
  pauseFor(ms: number): void;
  /** Calls waiting for their turn, and in flight (for progress and tests). */
  readonly stats: { waiting: number; running: number; started: number };
}

export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

export const realLimiterClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

export const LIMITS = {
  XERO: { concurrency: 5, windows: [{ limit: 60, windowMs: 60_000 }, { limit: 5000, windowMs: 86_400_000 }] },
  QBO: { concurrency: 10, windows: [{ limit: 10, windowMs: 1000 }, { limit: 500, windowMs: 60_000 }] },
  // Sage documents 200 calls per 60 s per business (v3 docs; v3.1 states none).
  SAGE: { concurrency: 5, windows: [{ limit: 200, windowMs: 60_000 }] },
  // NetSuite governs concurrency per account (5 without SuiteCloud Plus); no per-minute quota.
  NETSUITE: { concurrency: 5, windows: [] },
} satisfies Record<string, LimiterPolicy>;

export function createConnectionLimiter(policy: LimiterPolicy, clock: LimiterClock = realLimiterClock): ConnectionLimiter {
  const starts: number[] = []; // start instants within the longest window, oldest first
  const longest = Math.max(0, ...policy.windows.map((w) => w.windowMs));
  const queue: (() => void)[] = [];
  let running = 0;
  let started = 0;
  let pausedUntil = 0;
  let pumping = false;

  const waitMs = (): number => {
    const now = clock.now();
    while (starts.length > 0 && starts[0]! <= now - longest) starts.shift();
    let wait = Math.max(0, pausedUntil - now);
    for (const w of policy.windows) {
      const inWindow = starts.filter((t) => t > now - w.windowMs);
      if (inWindow.length >= w.limit) wait = Math.max(wait, inWindow[inWindow.length - w.limit]! + w.windowMs - now);
    }
    return wait;
  };

  const pump = async (): Promise<void> => {
    if (pumping) return;
    pumping = true;
    try {
      while (queue.length > 0 && running < policy.concurrency) {
        const wait = waitMs();
        if (wait > 0) {
          await clock.sleep(wait);
          continue;
        }
        starts.push(clock.now());
        running += 1;
        started += 1;
        queue.shift()!();
      }
    } finally {
      pumping = false;
    }
  };

  return {
    run<T>(task: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push(() => {
          task()
            .then(resolve, reject)
            .finally(() => {
              running -= 1;
              void pump();
            });
        });
        void pump();
      });
    },
    pauseFor(ms: number) {
      pausedUntil = Math.max(pausedUntil, clock.now() + ms);
    },
    get stats() {
      return { waiting: queue.length, running, started };
    },
  };
}
