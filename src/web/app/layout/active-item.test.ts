import { describe, expect, it } from 'vitest';
import { MENU, ROUTES } from '#shared/domain/permissions.ts';
import { activeItemPath } from './active-item.ts';

const paths = MENU.map((m) => ROUTES[m.route].path);

describe('activeItemPath', () => {
  it('matches an item exactly', () => {
    expect(activeItemPath('/dashboard', paths)).toBe('/dashboard');
    expect(activeItemPath('/users', paths)).toBe('/users');
  });
  it('lights the parent item for a nested path', () => {
    expect(activeItemPath('/users/edit/42', paths)).toBe('/users');
    expect(activeItemPath('/users/create', paths)).toBe('/users');
    expect(activeItemPath('/customers/5b7c', paths)).toBe('/customers');
    expect(activeItemPath('/service-requests/5b7c', paths)).toBe('/service-requests');
  });
  it('prefers the longest matching item', () => {
    expect(activeItemPath('/service-requests/create', paths)).toBe('/service-requests/create');
  });
  it('does not match a mere string prefix', () => {
    expect(activeItemPath('/users-archive', paths)).toBeNull();
    expect(activeItemPath('/profile', paths)).toBeNull();
  });
});
