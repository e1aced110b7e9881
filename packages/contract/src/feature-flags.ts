import { z } from 'zod';
import { accountKeySchema } from './ids';
import { defineEndpoint } from './endpoint';
import { featureFlagNameSchema } from './enums';

const accountKey = accountKeySchema;
const flagList = z.array(featureFlagNameSchema).min(1, 'Name at least one feature flag.').max(50);

export const featureFlagsResponseSchema = z.object({ featureFlags: z.array(featureFlagNameSchema) });
export type FeatureFlagsResponse = z.infer<typeof featureFlagsResponseSchema>;

export const listFeatureFlags = defineEndpoint({
  method: 'GET',
  url: '/feature-flag',
  summary: 'The feature flags enabled on an account, sorted by name.',
  tag: 'feature-flags',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: featureFlagsResponseSchema,
});

export const addFeatureFlags = defineEndpoint({
  method: 'POST',
  url: '/feature-flag',
  summary: 'Enable feature flags on an account (admin only).',
  tag: 'feature-flags',
  access: 'admin',
  effect: 'write',
  body: z.strictObject({ accountKey, featureFlagsToAdd: flagList }),
  response: featureFlagsResponseSchema,
});

export const removeFeatureFlags = defineEndpoint({
  method: 'DELETE',
  url: '/feature-flag',
  summary: 'Disable feature flags on an account (admin only).',
  tag: 'feature-flags',
  access: 'admin',
  effect: 'write',
  body: z.strictObject({ accountKey, featureFlagsToRemove: flagList }),
  response: featureFlagsResponseSchema,
});
