import { z } from 'zod';
import { emailAddressSchema, passwordSchema, USER_MESSAGES } from './users-management';

/**
 * Forgot password and sign-up at the embedded identity provider: the forms' fields, the
 * administrator's sign-up setting and the pages' messages.
 */

/** Minutes a mailed link stays usable. */
export const ACCOUNT_LINK_MINUTES = 60;

export const ACCOUNT_LINK_MESSAGES = {
  /** The same answer whether or not the address has an account. */
  resetRequested:
    'If an account uses that e-mail address, a link to reset its password is on its way. The link works once, within 60 minutes.',
  signUpRequested: 'Check your e-mail: a link to finish signing up is on its way. The link works once, within 60 minutes.',
  linkInvalid: 'This link is not valid any more: it was used already, it has expired, or it is incomplete. Ask for a new one.',
  passwordsDiffer: 'The two passwords are not the same.',
  passwordReset: 'Your password has been changed. Sign in with the new password.',
  signedUp: 'Your account has been created. Sign in with your e-mail address and password.',
  signUpOff: 'Sign-up is turned off. Ask an administrator for an account.',
} as const;

/** A mailed link's token: 32 random bytes, base64url. */
export const accountLinkTokenSchema = z
  .string({ error: ACCOUNT_LINK_MESSAGES.linkInvalid })
  .regex(/^[A-Za-z0-9_-]{43}$/, ACCOUNT_LINK_MESSAGES.linkInvalid);

/** Form body of the forgot-password and sign-up pages: an e-mail address. */
export const accountEmailFormSchema = z.object({ email: emailAddressSchema });

const newPasswordFields = {
  token: accountLinkTokenSchema,
  password: passwordSchema,
  confirmPassword: z.string().max(1024).default(''),
};
const samePasswords = (v: { password: string; confirmPassword: string }) => v.password === v.confirmPassword;

/** Form body of the reset-password page. */
export const resetPasswordFormSchema = z
  .object(newPasswordFields)
  .refine(samePasswords, { message: ACCOUNT_LINK_MESSAGES.passwordsDiffer, path: ['confirmPassword'] });

const requiredName = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, 'At most 200 characters');

/** Form body of the page that finishes a sign-up. */
export const completeSignUpFormSchema = z
  .object({ ...newPasswordFields, name: requiredName(USER_MESSAGES.name), nickname: requiredName(USER_MESSAGES.nickname) })
  .refine(samePasswords, { message: ACCOUNT_LINK_MESSAGES.passwordsDiffer, path: ['confirmPassword'] });

/** The most a self-made account may hold: no role, or User. */
export const SIGN_UP_ROLES = ['User'] as const;

/** The administrator's sign-up setting (GET and PUT /api/sign-up-setting). */
export const signUpSettingSchema = z.strictObject(
  {
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    newAccountRole: z.enum(SIGN_UP_ROLES, { error: 'newAccountRole must be null (no role) or User' }).nullable(),
  },
  { error: (iss) => (iss.code === 'unrecognized_keys' ? `Unknown field(s): ${(iss.keys ?? []).join(', ')}` : undefined) },
);
export type SignUpSetting = z.infer<typeof signUpSettingSchema>;

/** The sign-up setting as the settings page reads it: with whether the portal's own sign-in page is in use. */
export const signUpSettingStateSchema = z.object({
  enabled: z.boolean(),
  newAccountRole: z.enum(SIGN_UP_ROLES).nullable(),
  /** False with an external OIDC_ISSUER: accounts are made there, and this setting changes nothing. */
  embeddedSignIn: z.boolean(),
});
export type SignUpSettingState = z.infer<typeof signUpSettingStateSchema>;
