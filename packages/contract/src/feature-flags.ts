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

export const betaFeatureSchema = z
  .object({ flag: featureFlagNameSchema, label: z.string(), description: z.string(), isOn: z.boolean() })
  .meta({ id: 'BetaFeature' });
export type BetaFeature = z.infer<typeof betaFeatureSchema>;
export const betaFeaturesResponseSchema = z.object({ features: z.array(betaFeatureSchema) });

export const listBetaFeatures = defineEndpoint({
  method: 'GET',
  url: '/account/beta-features',
  summary: "The beta features offered to the account (by its sales channel and accounting system), each with whether it is on (Account Settings > Beta Features).",
  tag: 'feature-flags',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ accountKey }),
  response: betaFeaturesResponseSchema,
});

export const setBetaFeature = defineEndpoint({
  method: 'PUT',
  url: '/account/beta-features',
  summary: 'Switch one beta feature on or off for the account; only a feature offered to the account may be switched.',
  tag: 'feature-flags',
  access: 'user',
  effect: 'write',
  body: z.strictObject({ accountKey, flag: featureFlagNameSchema, isOn: z.boolean() }),
  response: betaFeaturesResponseSchema,
});
