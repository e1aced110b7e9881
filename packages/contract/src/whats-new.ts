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
