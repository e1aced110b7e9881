/**
 * Sign-in rate limit per email and client IP: at most `max` attempts (right or wrong) within a
 * sliding window. Kept in memory: one server process serves one installation, and a restart
 * forgetting attempts is acceptable for a brake on password guessing.
 */
import type { Clock } from '../../clock';

export interface SignInLimiter {
  /** Records an attempt; false when the limit is already reached (the attempt is then refused). */
  tryAttempt(email: string, ip: string): boolean;
}

const PRUNE_ABOVE_KEYS = 10_000;

export function createSignInLimiter(max: number, windowMs: number, clock: Clock): SignInLimiter {
  const attempts = new Map<string, number[]>();
  const prune = (now: number) => {
    for (const [key, times] of attempts) {
      const kept = times.filter((t) => now - t < windowMs);
      if (kept.length === 0) attempts.delete(key);
      else attempts.set(key, kept);
    }
  };
  return {
    tryAttempt(email, ip) {
      const now = clock().getTime();
      if (attempts.size > PRUNE_ABOVE_KEYS) prune(now);
      const key = `${email.trim().toLowerCase()}\u0000${ip}`;
      const recent = (attempts.get(key) ?? []).filter((t) => now - t < windowMs);
      if (recent.length >= max) {
        attempts.set(key, recent);
        return false;
      }
      recent.push(now);
      attempts.set(key, recent);
      return true;
    },
  };
}
