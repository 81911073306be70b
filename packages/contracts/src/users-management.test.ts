import { describe, expect, it } from 'vitest';
import { mayGiveRole, mayManageAccount } from './users-management';

describe('which roles and accounts a caller may manage: nobody reaches above their own rank', () => {
  it('keeps the All Data User from giving or touching the higher roles', () => {
    const allData = ['All Data User'];
    expect(mayGiveRole(allData, 'User')).toBe(true);
    expect(mayGiveRole(allData, 'All Data User')).toBe(true);
    expect(mayGiveRole(allData, null)).toBe(true);
    expect(mayGiveRole(allData, 'Administrator')).toBe(false);
    expect(mayGiveRole(allData, 'Developer')).toBe(false);
    expect(mayManageAccount(allData, 'Administrator')).toBe(false);
    expect(mayManageAccount(allData, 'User')).toBe(true);
  });

  it('keeps an Administrator from giving or touching the Developer role', () => {
    expect(mayGiveRole(['Administrator'], 'Administrator')).toBe(true);
    expect(mayGiveRole(['Administrator'], 'Developer')).toBe(false);
    expect(mayManageAccount(['Administrator'], 'Developer')).toBe(false);
  });

  it('lets a Developer, or a caller holding a higher role among others, give every role up to it', () => {
    expect(mayGiveRole(['Developer'], 'Developer')).toBe(true);
    expect(mayManageAccount(['Developer'], 'Developer')).toBe(true);
    expect(mayGiveRole(['All Data User', 'Administrator'], 'Administrator')).toBe(true);
  });
});
