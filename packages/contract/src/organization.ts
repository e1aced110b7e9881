import { z } from 'zod';
import { safeTextSchema } from './safe-text';
import { defineEndpoint } from './endpoint';
import { organizationFeatureSchema, salesChannelSchema } from './enums';

/** The organization id used for accounts that belong to no organization. */
export const UNASSIGNED_ORGANIZATION_ID = 'unassigned';

export const organizationAccountSchema = z
  .object({
    accountKey: z.string(),
    name: z.string(),
    salesChannel: salesChannelSchema,
    isCurrent: z.boolean(),
    organizationId: z.string().nullable(),
  })
  .meta({ id: 'OrganizationAccount' });
export type OrganizationAccount = z.infer<typeof organizationAccountSchema>;

export const organizationSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    /** The user administers this organization (org admin role, or a root admin). */
    adminPermissions: z.boolean(),
    clarityOrganizationId: z.string().nullable(),
    partnerCode: z.string().nullable(),
    featureFlags: z.array(organizationFeatureSchema),
    /** Sorted by name then sales channel, case-insensitive. */
    accountsThatCanBeAccessedByTheUser: z.array(organizationAccountSchema),
  })
  .meta({ id: 'Organization' });
export type Organization = z.infer<typeof organizationSchema>;

const organizationId = safeTextSchema.trim().min(1, 'The organizationId is missing.').max(100);

export const listOrganizations = defineEndpoint({
  method: 'GET',
  url: '/organization/list',
  summary: 'The organizations whose accounts the user may open.',
  tag: 'organization',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ userId: safeTextSchema.min(1).max(100).optional() }),
  response: z.object({ organizations: z.array(organizationSchema) }),
});

export const listOrganizationAccounts = defineEndpoint({
  method: 'GET',
  url: '/organization/accounts/list',
  summary: `The accounts of an organization the user may open ('${UNASSIGNED_ORGANIZATION_ID}': accounts in no organization).`,
  tag: 'organization',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({ organizationId }),
  response: z.object({ accounts: z.array(organizationAccountSchema) }),
});

export const updateOrganization = defineEndpoint({
  method: 'PUT',
  url: '/organization/update',
  summary: 'Rename an organization (organization admins and root admins).',
  tag: 'organization',
  access: 'user',
  effect: 'manage',
  querystring: z.strictObject({ userId: safeTextSchema.min(1).max(100).optional() }),
  body: z.strictObject({
    organizationId,
    name: safeTextSchema.trim().min(1, 'Enter an organization name.').max(100, 'The organization name must be at most 100 characters.'),
  }),
  response: organizationSchema,
});
