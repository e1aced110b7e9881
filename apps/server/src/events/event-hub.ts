/**
 * A small typed event hub (decision 0051). A feature declares the events it raises with defineEvent,
 * next to its code; the composition (wire-events.ts) subscribes the features that react. This is how
 * a lower feature has after-effects in higher ones without importing them.
 *
 * Handlers run one after the other, in the order they were subscribed, and the raiser awaits them:
 * an event raised inside a transaction carries the transaction in its payload, so what its handlers
 * write commits or rolls back with the raiser's own writes, exactly as a direct call did. A handler's
 * error reaches the raiser.
 *
 * Raising an event before wireEvents() ran is an error, never a silent no-op: a process (server, seed,
 * test, bench) that stores settlements without the composition's wiring would otherwise lose effects.
 */
export interface AppEvent<P> {
  readonly name: string;
  /** Subscribes a handler (the composition does this once, in wire-events.ts). */
  on(handler: (payload: P) => Promise<void>): void;
  /** Runs every handler in subscription order, awaiting each. */
  emit(payload: P): Promise<void>;
}

let isWired = false;

/** Called by the composition's wireEvents once every handler is subscribed. */
export function markEventsWired(): void {
  isWired = true;
}

export function defineEvent<P>(name: string): AppEvent<P> {
  const handlers: ((payload: P) => Promise<void>)[] = [];
  return {
    name,
    on(handler) {
      handlers.push(handler);
    },
    async emit(payload) {
      if (!isWired) throw new Error(`The "${name}" event was raised before the server's events were wired: call wireEvents() (apps/server/src/wire-events.ts) first.`);
      for (const handler of handlers) await handler(payload);
    },
  };
}
