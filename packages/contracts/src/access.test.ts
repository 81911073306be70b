import { describe, expect, it } from 'vitest';
import { canOpen, decideAccess, type Access, type AccessDecision, type Viewer } from './access';

const anonymous: Viewer = { isAuthenticated: false, roles: [] };
const signedIn = (...roles: string[]): Viewer => ({ isAuthenticated: true, roles });
const ADMINS: Access = ['Administrator', 'Developer'];

describe('decideAccess', () => {
  it.each<[string, Access, Viewer, AccessDecision]>([
    ['public, anonymous', 'public', anonymous, 'allowed'],
    ['public, signed in', 'public', signedIn('User'), 'allowed'],
    ['authenticated, anonymous', 'authenticated', anonymous, 'sign-in'],
    ['authenticated, signed in without roles', 'authenticated', signedIn(), 'allowed'],
    ['roles, anonymous', ADMINS, anonymous, 'sign-in'],
    ['roles, signed in with one of them', ADMINS, signedIn('User', 'Developer'), 'allowed'],
    ['roles, signed in without any of them', ADMINS, signedIn('User', 'All Data User'), 'forbidden'],
    ['roles, signed in without roles', ADMINS, signedIn(), 'forbidden'],
    ['roles, a name outside the portal counts for nothing', ADMINS, signedIn('administrator'), 'forbidden'],
    ['roles held by an anonymous viewer do not count', ADMINS, { isAuthenticated: false, roles: ['Administrator'] }, 'sign-in'],
  ])('%s', (_case, access, viewer, expected) => {
    expect(decideAccess(access, viewer)).toBe(expected);
    expect(canOpen(access, viewer)).toBe(expected === 'allowed');
  });
});
