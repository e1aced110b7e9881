/**
 * Teams of a partner firm (issue 19, decision 0038): firm admins group the firm's users in teams and
 * choose which client accounts each team sees; a team's lead may change its members. The firm is the
 * caller's own (their partner code), never a request parameter.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { salesChannelSchema } from './enums';
import { accountKeySchema } from './ids';
import { safeTextSchema } from './safe-text';

export const teamRoleSchema = z.enum(['lead', 'member'], 'Choose a team role: lead or member.');
const teamIdSchema = safeTextSchema.trim().regex(/^\d{1,18}$/, 'The teamId is not valid.');
const teamNameSchema = safeTextSchema.trim().min(1, 'Enter a team name.').max(80, 'The team name must be at most 80 characters.');
const userIdSchema = safeTextSchema.trim().min(1, 'The userId is missing.').max(100, 'The userId is too long.');

export const teamMemberSchema = z
  .object({ userId: z.string(), name: z.string(), email: z.string(), role: teamRoleSchema })
  .meta({ id: 'TeamMember' });
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const teamClientSchema = z
  .object({ accountKey: z.string(), accountName: z.string(), salesChannel: salesChannelSchema })
  .meta({ id: 'TeamClient' });
export type TeamClient = z.infer<typeof teamClientSchema>;

export const teamSchema = z
  .object({
    teamId: z.string(),
    name: z.string(),
    /** Sorted by name. */
    members: z.array(teamMemberSchema),
    /** The client accounts the team sees, sorted by name. */
    accounts: z.array(teamClientSchema),
    /** The caller may change the members (a firm admin or the team's lead). */
    canManageMembers: z.boolean(),
  })
  .meta({ id: 'Team' });
export type Team = z.infer<typeof teamSchema>;

export const firmUserSchema = z
  .object({ userId: z.string(), name: z.string(), email: z.string(), partnerRole: z.enum(['admin', 'member']) })
  .meta({ id: 'FirmUser' });
export type FirmUser = z.infer<typeof firmUserSchema>;

export const teamsOverviewSchema = z
  .object({
    /** Null: the caller is in no partner firm (every list is empty). */
    partnerCode: z.string().nullable(),
    /** A firm admin: creates, renames and deletes teams and chooses their clients. */
    isFirmAdmin: z.boolean(),
    /** A firm admin sees every team; anyone else the teams they belong to. Sorted by name. */
    teams: z.array(teamSchema),
    /** The firm's users, sorted by name. */
    firmUsers: z.array(firmUserSchema),
    /** The firm's client accounts (those carrying its partner code) the caller reaches, sorted by name. */
    clients: z.array(teamClientSchema),
  })
  .meta({ id: 'TeamsOverview' });
export type TeamsOverview = z.infer<typeof teamsOverviewSchema>;

const teamEndpoint = { tag: 'teams', access: 'user', effect: 'manage', querystring: z.strictObject({}) } as const;

export const listTeams = defineEndpoint({
  method: 'GET',
  url: '/teams',
  summary: "The caller's firm: its teams (all for a firm admin, the caller's own otherwise), users and client accounts.",
  tag: 'teams',
  access: 'user',
  effect: 'read',
  querystring: z.strictObject({}),
  response: teamsOverviewSchema,
});

export const createTeam = defineEndpoint({
  ...teamEndpoint,
  method: 'POST',
  url: '/teams',
  summary: 'Create a team in the caller’s firm (firm admins).',
  body: z.strictObject({ name: teamNameSchema }),
  response: teamSchema,
});

export const renameTeam = defineEndpoint({
  ...teamEndpoint,
  method: 'PUT',
  url: '/teams/rename',
  summary: 'Rename a team (firm admins).',
  body: z.strictObject({ teamId: teamIdSchema, name: teamNameSchema }),
  response: teamSchema,
});

export const deleteTeam = defineEndpoint({
  ...teamEndpoint,
  method: 'POST',
  url: '/teams/delete',
  summary: 'Delete a team: its members keep their logins and lose sight of its clients unless another team has them (firm admins).',
  body: z.strictObject({ teamId: teamIdSchema }),
  status: 204,
});

export const setTeamMember = defineEndpoint({
  ...teamEndpoint,
  method: 'POST',
  url: '/teams/members',
  summary: "Add a user of the firm to a team, or change their team role (firm admins and the team's lead).",
  body: z.strictObject({ teamId: teamIdSchema, userId: userIdSchema, role: teamRoleSchema }),
  response: teamSchema,
});

export const removeTeamMember = defineEndpoint({
  ...teamEndpoint,
  method: 'POST',
  url: '/teams/members/remove',
  summary: "Remove a user from a team (firm admins and the team's lead).",
  body: z.strictObject({ teamId: teamIdSchema, userId: userIdSchema }),
  response: teamSchema,
});

export const setTeamAccounts = defineEndpoint({
  ...teamEndpoint,
  method: 'PUT',
  url: '/teams/accounts',
  summary: "Choose the client accounts a team sees, among the firm's clients (firm admins).",
  body: z.strictObject({ teamId: teamIdSchema, accountKeys: z.array(accountKeySchema).max(2000, 'Choose at most 2000 client accounts.') }),
  response: teamSchema,
});
