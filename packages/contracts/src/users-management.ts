import { z } from 'zod';
import type { RoleName } from './roles';

/**
 * Users Management: the user, role and landing-page fields, the user rules and their messages.
 * The spec's field names (auth0_user_id, ...) are the contract, whatever provider stores the user.
 */

/** The messages of the user form and its toasts, word for word as the product gives them. */
export const USER_MESSAGES = {
  name: 'Requires Full-name',
  nickname: 'Requires Nickname',
  email: 'Requires Email',
  password: 'Requires Password',
  passwordLength: 'Must be at least 8 characters',
  landingPage: 'Requires Landing Page',
  created: 'This user was successfully created',
  updated: 'This user was updated in the database',
  deleted: 'This user was deleted from the database',
} as const;

export const MIN_PASSWORD_LENGTH = 8;
const MAX_PASSWORD_LENGTH = 200;
/** New users land on page 1 and get the standard User role unless told otherwise. */
export const DEFAULT_LANDING_PAGE_NDX = 1;
/** The landing page the administrative role never offers. */
export const ADMIN_HIDDEN_LANDING_PAGE_NDX = 2;
export const DEFAULT_NEW_USER_ROLE: RoleName = 'User';
export const ADMINISTRATIVE_ROLE: RoleName = 'Administrator';

/** Search placeholder and page sizes of the users table. */
export const USERS_SEARCH_PLACEHOLDER = 'Search Users';
export const USERS_PAGE_SIZE = 30;
export const USERS_PAGE_SIZES = [5, 10, 30, 60] as const;

export const landingPageSchema = z.object({
  landing_page_ndx: z.number().int(),
  landing_page_name: z.string(),
  landing_page_path: z.string(),
});
export type LandingPage = z.infer<typeof landingPageSchema>;

export const userRoleSchema = z.object({ auth0_role_id: z.string(), auth0_role_name: z.string() });
export type UserRole = z.infer<typeof userRoleSchema>;

export const managedUserSchema = z.object({
  auth0_user_id: z.string(),
  auth0_name: z.string(),
  auth0_nickname: z.string(),
  auth0_email: z.string(),
  /** The role id (auth0_role_id), null for an account without a role. */
  assigned_role: z.string().nullable(),
  assigned_role_name: z.string().nullable(),
  assigned_landing_page: z.number().int(),
  associated_facilities: z.array(z.number().int()),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, 'At most 200 characters');
/** An e-mail address as the user forms take it. */
export const emailAddressSchema = z
  .string({ error: USER_MESSAGES.email })
  .trim()
  .max(254, USER_MESSAGES.email)
  .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, USER_MESSAGES.email);
/** One message per password: 'Requires Password' when empty, else the length rule. */
export const passwordSchema = z.string({ error: USER_MESSAGES.password }).superRefine((v, ctx) => {
  if (v === '') ctx.addIssue({ code: 'custom', message: USER_MESSAGES.password });
  else if (v.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.passwordLength });
  else if (v.length > MAX_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', message: `At most ${MAX_PASSWORD_LENGTH} characters` });
});

const userFields = {
  email: emailAddressSchema,
  name: requiredText(USER_MESSAGES.name),
  nickname: requiredText(USER_MESSAGES.nickname),
  /** A role id from list-user-roles; null gives the account no role. */
  role: z.string({ error: 'Unknown role' }).max(100).nullable(),
  landingPageNdx: z
    .number({ error: USER_MESSAGES.landingPage })
    .int(USER_MESSAGES.landingPage)
    .positive(USER_MESSAGES.landingPage)
    .max(2_147_483_647),
  facilities: z
    .array(z.number().int().positive().max(2_147_483_647), { error: 'facilities must be a list of facility numbers' })
    .max(5000)
    .default([]),
};

const unknownKeys = {
  error: (iss: { code: string; keys?: string[] }) =>
    iss.code === 'unrecognized_keys' ? `Unknown field(s): ${(iss.keys ?? []).join(', ')}` : undefined,
};

/** Body of POST /api/users-management/users. */
export const createUserSchema = z.strictObject({ ...userFields, password: passwordSchema }, unknownKeys);
export type CreateUserInput = z.output<typeof createUserSchema>;
export type CreateUserBody = z.input<typeof createUserSchema>;

/** Body of PUT /api/users-management/users (the password is not changed here). */
export const updateUserSchema = z.strictObject(
  { ...userFields, id: z.string({ error: 'id is required' }).min(1, 'id is required').max(200) },
  unknownKeys,
);
export type UpdateUserInput = z.output<typeof updateUserSchema>;
export type UpdateUserBody = z.input<typeof updateUserSchema>;

export const userIdParamsSchema = z.object({ auth0_user_id: z.string().min(1).max(200) });
export const landingPageParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'id must be a whole number' })
    .int('id must be a whole number')
    .positive('id must be positive')
    .max(2_147_483_647),
});

/** Body of PUT /api/account/password: the signed-in user changes their own password. */
export const changeOwnPasswordSchema = z.strictObject(
  {
    currentPassword: z.string({ error: 'Requires Current Password' }).min(1, 'Requires Current Password').max(MAX_PASSWORD_LENGTH),
    newPassword: passwordSchema,
  },
  unknownKeys,
);
export type ChangeOwnPasswordBody = z.input<typeof changeOwnPasswordSchema>;

/**
 * What the users page may change. With the embedded provider everything; with an external
 * OIDC_ISSUER sign-in identity (name, e-mail, password) and role live at the provider (decision 0016).
 */
export const usersManagementModeSchema = z.object({
  provider: z.enum(['embedded', 'external']),
  issuer: z.string(),
  managedHere: z.array(z.string()),
  managedAtProvider: z.array(z.string()),
});
export type UsersManagementMode = z.infer<typeof usersManagementModeSchema>;

/** Rank of a role: higher reaches further. Nobody gives a role above their own (to anyone, themselves included). */
export const ROLE_RANK: Record<RoleName, number> = { User: 1, 'All Data User': 2, Administrator: 3, Developer: 4 };
export function roleRank(roleName: string | null | undefined): number {
  return roleName && roleName in ROLE_RANK ? ROLE_RANK[roleName as RoleName] : 0;
}

/** The rank of a caller: their highest role. */
export function callerRank(callerRoles: readonly string[]): number {
  return Math.max(0, ...callerRoles.map(roleRank));
}

/** The caller's highest role by name (for messages), or null without a known role. */
export function highestRole(callerRoles: readonly string[]): RoleName | null {
  const rank = callerRank(callerRoles);
  return (Object.keys(ROLE_RANK) as RoleName[]).find((r) => ROLE_RANK[r] === rank) ?? null;
}

/** Whether the caller may give a role to an account (no role at all is always allowed). */
export function mayGiveRole(callerRoles: readonly string[], roleName: string | null | undefined): boolean {
  return roleRank(roleName) <= callerRank(callerRoles);
}

/** Whether the caller may change or delete an account holding this role (none above their own). */
export function mayManageAccount(callerRoles: readonly string[], accountRoleName: string | null | undefined): boolean {
  return roleRank(accountRoleName) <= callerRank(callerRoles);
}
