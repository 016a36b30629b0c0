import { describe, expect, it } from 'vitest';
import { isForbiddenPath } from './forbiddenPath';

const KNOWN = ['/dashboard', '/dashboard/pos', '/dashboard/settings', '/dashboard/products', '/dashboard/products/categories', '/dashboard/users'];
const CASHIER = ['/dashboard', '/dashboard/pos', '/dashboard/products'];

describe('isForbiddenPath', () => {
  it('refuses a screen that exists but is not in the role menu, with its create and edit pages', () => {
    expect(isForbiddenPath('/dashboard/users', CASHIER, KNOWN)).toBe(true);
    expect(isForbiddenPath('/dashboard/users/create', CASHIER, KNOWN)).toBe(true);
    expect(isForbiddenPath('/dashboard/users/edit/12', CASHIER, KNOWN)).toBe(true);
    expect(isForbiddenPath('/dashboard/settings/', CASHIER, KNOWN)).toBe(true);
  });

  it('tells a nested screen from its parent', () => {
    expect(isForbiddenPath('/dashboard/products/categories', CASHIER, KNOWN)).toBe(true);
    expect(isForbiddenPath('/dashboard/products/edit/3', CASHIER, KNOWN)).toBe(false);
  });

  it('lets allowed and unknown paths through', () => {
    expect(isForbiddenPath('/dashboard/pos', CASHIER, KNOWN)).toBe(false);
    expect(isForbiddenPath('/dashboard', CASHIER, KNOWN)).toBe(false);
    expect(isForbiddenPath('/dashboard/nowhere', CASHIER, KNOWN)).toBe(false);
    expect(isForbiddenPath('/dashboard/users/edit/x', CASHIER, KNOWN)).toBe(false);
    expect(isForbiddenPath('/dashboard/profile', CASHIER, KNOWN)).toBe(false);
  });
});
