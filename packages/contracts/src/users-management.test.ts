import { describe, expect, it } from 'vitest';
import { mayAssignRole, mayManageAccount } from './users-management';

describe('which roles and accounts a caller may manage', () => {
  it('keeps the All Data User from giving or touching the elevated roles', () => {
    const allData = ['All Data User'];
    expect(mayAssignRole(allData, 'User')).toBe(true);
    expect(mayAssignRole(allData, 'All Data User')).toBe(true);
    expect(mayAssignRole(allData, null)).toBe(true);
    expect(mayAssignRole(allData, 'Administrator')).toBe(false);
    expect(mayAssignRole(allData, 'Developer')).toBe(false);
    expect(mayManageAccount(allData, 'Administrator')).toBe(false);
    expect(mayManageAccount(allData, 'User')).toBe(true);
  });

  it('lets administrators and developers give every role', () => {
    for (const caller of [['Administrator'], ['Developer'], ['All Data User', 'Administrator']]) {
      expect(mayAssignRole(caller, 'Administrator')).toBe(true);
      expect(mayManageAccount(caller, 'Developer')).toBe(true);
    }
  });
});
