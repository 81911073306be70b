import { z } from 'zod';
import {
  ADMIN_HIDDEN_LANDING_PAGE_NDX,
  DEFAULT_LANDING_PAGE_NDX,
  MIN_PASSWORD_LENGTH,
  USER_MESSAGES,
  type CreateUserBody,
  type LandingPage,
  type ManagedUser,
  type UpdateUserBody,
  type UserRole,
} from '@portal/contracts';

/** The Users Management form's values. */
export interface UserFormValues {
  name: string;
  nickname: string;
  email: string;
  password: string;
  role: string;
  landingPageNdx: number | null;
  facilities: number[];
}

export function userFormSchema(isNew: boolean) {
  return z.object({
    name: z.string().trim().min(1, USER_MESSAGES.name),
    nickname: z.string().trim().min(1, USER_MESSAGES.nickname),
    email: z
      .string()
      .trim()
      .regex(/^[^@\s]+@[^@\s]+\.[^@\s]+$/, USER_MESSAGES.email),
    password: isNew
      ? z.string().superRefine((v, ctx) => {
          if (v === '') ctx.addIssue({ code: 'custom', message: USER_MESSAGES.password });
          else if (v.length < MIN_PASSWORD_LENGTH) ctx.addIssue({ code: 'custom', message: USER_MESSAGES.passwordLength });
        })
      : z.string(),
    role: z.string(),
    landingPageNdx: z
      .number()
      .nullable()
      .refine((v) => v !== null, USER_MESSAGES.landingPage),
    facilities: z.array(z.number()),
  });
}

/** The administrative role's id (its landing page is forced to 1 and page 2 is not offered). */
export function administrativeRoleId(roles: readonly UserRole[]): string | undefined {
  return roles.find((r) => r.auth0_role_name === 'Administrator')?.auth0_role_id;
}

/** New users default to the User role and landing page 1. */
export function newUserFormValues(roles: readonly UserRole[]): UserFormValues {
  const user = roles.find((r) => r.auth0_role_name === 'User');
  return {
    name: '',
    nickname: '',
    email: '',
    password: '',
    role: user?.auth0_role_id ?? '',
    landingPageNdx: DEFAULT_LANDING_PAGE_NDX,
    facilities: [],
  };
}

export function userFormValuesFrom(u: ManagedUser): UserFormValues {
  return {
    name: u.auth0_name,
    nickname: u.auth0_nickname,
    email: u.auth0_email,
    password: '',
    role: u.assigned_role ?? '',
    landingPageNdx: u.assigned_landing_page,
    facilities: [...u.associated_facilities],
  };
}

/** Landing pages offered for a role: the administrative role never gets page 2. */
export function landingPagesFor(pages: readonly LandingPage[], role: string, adminRoleId: string | undefined): LandingPage[] {
  return role !== '' && role === adminRoleId ? pages.filter((p) => p.landing_page_ndx !== ADMIN_HIDDEN_LANDING_PAGE_NDX) : [...pages];
}

export function toCreateBody(v: UserFormValues): CreateUserBody {
  return {
    name: v.name.trim(),
    nickname: v.nickname.trim(),
    email: v.email.trim(),
    password: v.password,
    role: v.role || null,
    landingPageNdx: v.landingPageNdx as number,
    facilities: v.facilities,
  };
}

export function toUpdateBody(id: string, v: UserFormValues): UpdateUserBody {
  return {
    id,
    name: v.name.trim(),
    nickname: v.nickname.trim(),
    email: v.email.trim(),
    role: v.role || null,
    landingPageNdx: v.landingPageNdx as number,
    facilities: v.facilities,
  };
}
