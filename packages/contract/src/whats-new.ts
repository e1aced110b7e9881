import { z } from 'zod';
import { defineEndpoint } from './endpoint';

export const whatsNewEntrySchema = z.object({
  title: z.string(),
  /** yyyy-MM-dd */
  date: z.iso.date(),
  permalink: z.string(),
});
export type WhatsNewEntry = z.infer<typeof whatsNewEntrySchema>;

export const listWhatsNew = defineEndpoint({
  method: 'GET',
  url: '/res/whats-new.json',
  summary: "What's new in Ledgerport, newest first.",
  tag: 'other',
  access: 'public',
  effect: 'read',
  querystring: z.strictObject({}),
  response: z.array(whatsNewEntrySchema),
});

/**
 * The settings lookup that feeds conversion tracking (spec section 7). Tracking is off unless the
 * operator configures a tracking id (LEDGERPORT_CONVERSION_TRACKING_ID); the app sends nothing to a
 * third party while it is off. Issue 30.
 */
export const getTrackingSettings = defineEndpoint({
  method: 'GET',
  url: '/public/settings/tracking',
  summary: 'Whether conversion tracking is on, and its id: off unless the operator configured it.',
  tag: 'other',
  access: 'public',
  effect: 'read',
  querystring: z.strictObject({}),
  response: z.object({ isConversionTrackingEnabled: z.boolean(), conversionTrackingId: z.string().nullable() }).meta({ id: 'TrackingSettings' }),
});

export const health = defineEndpoint({
  method: 'GET',
  url: '/health',
  summary: 'Liveness: answers when the server and its database are up.',
  tag: 'other',
  access: 'public',
  effect: 'read',
  querystring: z.strictObject({}),
  response: z.object({ ok: z.literal(true) }),
});
