/** The current time, injectable so tests can move it (token expiry, rate-limit windows). */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
