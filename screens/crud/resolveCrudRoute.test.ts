import { describe, expect, it } from 'vitest';
import type { MenuGroup } from '../../schemas/menu';
import { resolveCrudRoute } from './resolveCrudRoute';

const MENU: MenuGroup[] = [
  { id: 'main', label: 'Main', items: [{ id: 'dashboard', label: 'Dashboard', path: '/dashboard', capability: 'dashboard.read' }] },
  {
    id: 'catalog',
    label: 'Catalog',
    items: [
      { id: 'ns.products', label: 'Products', path: '/dashboard/products', capability: 'catalog.read' },
      { id: 'ns.products-categories', label: 'Categories', path: '/dashboard/products/categories', capability: 'catalog.read' },
    ],
  },
];

describe('resolveCrudRoute', () => {
  it('finds the list, create and edit pages of a resource', () => {
    expect(resolveCrudRoute('/dashboard/products', MENU)).toEqual({ mode: 'list', namespace: 'ns.products', path: '/dashboard/products' });
    expect(resolveCrudRoute('/dashboard/products/create', MENU)).toMatchObject({ mode: 'create', namespace: 'ns.products' });
    expect(resolveCrudRoute('/dashboard/products/edit/12/', MENU)).toMatchObject({ mode: 'edit', namespace: 'ns.products', id: 12 });
  });

  it('prefers the longer slug', () => {
    expect(resolveCrudRoute('/dashboard/products/categories', MENU)).toMatchObject({ mode: 'list', namespace: 'ns.products-categories' });
    expect(resolveCrudRoute('/dashboard/products/categories/edit/3', MENU)).toMatchObject({ mode: 'edit', namespace: 'ns.products-categories', id: 3 });
  });

  it('answers null for static screens and unknown paths', () => {
    expect(resolveCrudRoute('/dashboard', MENU)).toBeNull();
    expect(resolveCrudRoute('/dashboard/products/edit/abc', MENU)).toBeNull();
    expect(resolveCrudRoute('/dashboard/nothing', MENU)).toBeNull();
  });
});
