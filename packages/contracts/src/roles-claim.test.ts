import { describe, expect, it } from 'vitest';
import { rolesFromAccessToken, rolesFromClaim } from './roles-claim';

const CLAIM = 'https://water-portal/roles';

describe('rolesFromClaim', () => {
  it.each<[string, unknown, string[]]>([
    ['a list of names', ['Administrator', 'User'], ['Administrator', 'User']],
    ['one name as a string', 'User', ['User']],
    ['an empty list', [], []],
    ['an empty string', '', []],
    ['a list with non-text and empty entries', ['User', 3, null, '', { r: 'x' }, 'Developer'], ['User', 'Developer']],
    ['a name the portal does not know (kept; access checks ignore it)', ['Auditor'], ['Auditor']],
    ['an object', { role: 'User' }, []],
    ['a number', 7, []],
    ['true', true, []],
    ['null', null, []],
    ['no claim', undefined, []],
  ])('%s', (_case, value, expected) => {
    expect(rolesFromClaim(value)).toEqual(expected);
  });
});

describe('rolesFromAccessToken', () => {
  it.each<[string, Record<string, unknown> | null | undefined, string[]]>([
    ['the claim of the payload', { sub: 'u', [CLAIM]: ['Developer'] }, ['Developer']],
    ['a single-string claim', { sub: 'u', [CLAIM]: 'Administrator' }, ['Administrator']],
    ['a payload without the claim', { sub: 'u', roles: ['Administrator'] }, []],
    ['no payload (an opaque or unreadable token)', null, []],
    ['nothing at all', undefined, []],
  ])('%s', (_case, payload, expected) => {
    expect(rolesFromAccessToken(payload, CLAIM)).toEqual(expected);
  });
});
