import { describe, expect, it } from 'vitest';
import { chooseLayout, stripAppBase } from './layout-table';

describe('chooseLayout', () => {
  it('defaults to full width', () => expect(chooseLayout('/settlements')).toBe('full-width'));
  it('matches with /app removed', () => expect(chooseLayout('/app/admin')).toBe('admin'));
  it('uses tabbed for account settings sub-pages', () => expect(chooseLayout('/account-settings/users')).toBe('tabbed'));
  it('prefers the longest prefix: checkout has a right sidebar, billing is full width', () => {
    expect(chooseLayout('/billing/checkout')).toBe('full-width-right-sidebar');
    expect(chooseLayout('/billing')).toBe('full-width');
  });
  it('does not match a prefix inside a word', () => expect(chooseLayout('/administrator')).toBe('full-width'));
  it('gives sign-in no skeleton', () => expect(chooseLayout('/login')).toBe('none'));
});

describe('stripAppBase', () => {
  it('removes /app', () => expect(stripAppBase('/app/settlements')).toBe('/settlements'));
  it('maps /app to the root', () => expect(stripAppBase('/app')).toBe('/'));
  it('leaves other paths alone', () => expect(stripAppBase('/apple')).toBe('/apple'));
});
