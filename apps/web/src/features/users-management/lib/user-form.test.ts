import { describe, expect, it } from 'vitest';
import { createUserSchema } from '@portal/contracts';
import { administrativeRoleId, landingPagesFor, newUserFormValues, toCreateBody, userFormSchema } from './user-form';

const ROLES = [
  { auth0_role_id: 'rol_administrator', auth0_role_name: 'Administrator' },
  { auth0_role_id: 'rol_user', auth0_role_name: 'User' },
];
const PAGES = [1, 2, 3].map((n) => ({ landing_page_ndx: n, landing_page_name: `P${n}`, landing_page_path: `/p${n}` }));
const messages = (isNew: boolean, values: unknown) => {
  const r = userFormSchema(isNew).safeParse(values);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('Users Management form', () => {
  it('defaults a new user to the User role and landing page 1', () => {
    expect(newUserFormValues(ROLES)).toMatchObject({ role: 'rol_user', landingPageNdx: 1, facilities: [] });
  });

  it("shows the user rules' messages; the password only on add", () => {
    const empty = { ...newUserFormValues(ROLES), landingPageNdx: null };
    expect(messages(true, empty)).toEqual({
      name: 'Requires Full-name',
      nickname: 'Requires Nickname',
      email: 'Requires Email',
      password: 'Requires Password',
      landingPageNdx: 'Requires Landing Page',
    });
    expect(messages(true, { ...empty, password: 'short' }).password).toBe('Must be at least 8 characters');
    expect(messages(false, empty).password).toBeUndefined();
  });

  it('hides landing page 2 from the administrative role', () => {
    const admin = administrativeRoleId(ROLES)!;
    expect(landingPagesFor(PAGES, admin, admin).map((p) => p.landing_page_ndx)).toEqual([1, 3]);
    expect(landingPagesFor(PAGES, 'rol_user', admin).map((p) => p.landing_page_ndx)).toEqual([1, 2, 3]);
  });

  it('builds a body the API accepts', () => {
    const body = toCreateBody({
      ...newUserFormValues(ROLES),
      name: 'A',
      nickname: 'a',
      email: 'a@b.org',
      password: '12345678',
      facilities: [3, 4],
    });
    expect(createUserSchema.parse(body)).toMatchObject({ role: 'rol_user', landingPageNdx: 1, facilities: [3, 4] });
  });
});
