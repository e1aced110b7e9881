import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { accessLevels, routeEffects, type AccessLevel, type RouteEffect } from '@ledgerport/core/rules';
import { saveMappings } from '@ledgerport/contract';
import { describe, expect, it } from 'vitest';
import { SessionContext, type Session } from '../lib/session-context';
import { buildAccount, buildUser, buildUserMeta } from '../test-support/fake-api';
import { CallGate } from './call-gate';

function renderGate(accessLevel: AccessLevel | null, effect: RouteEffect) {
  const account = buildAccount();
  const session: Session = {
    meta: { ...buildUserMeta(account), accessLevel },
    user: buildUser(),
    account,
    hasAdminPermissions: false,
    switchAccount: () => Promise.resolve(),
    logout: () => Promise.resolve(),
    reload: () => Promise.resolve(),
  };
  return render(
    <MantineProvider>
      <SessionContext.Provider value={session}>
        <CallGate entry={{ effect }}>
          <input aria-label="Account code" />
          <select aria-label="Tax rate" />
          <button type="button">Save</button>
        </CallGate>
        <button type="button">Export</button>
      </SessionContext.Provider>
    </MantineProvider>,
  );
}

/** The browser's rule (HTML "actually disabled"): its own attribute, or a disabled fieldset around it; jsdom's :disabled ignores the fieldset. */
const disabledEl = (el: Element) => el.matches(':disabled') || el.closest('fieldset[disabled]') !== null;
const isDisabled = (name: string) => disabledEl(screen.getByLabelText(name));

describe('CallGate', () => {
  it('switches off every control inside exactly when core refuses the level the entry effect, and only inside', () => {
    for (const level of accessLevels) {
      for (const effect of routeEffects) {
        const { unmount } = renderGate(level, effect);
        const refused = (effect === 'write' || effect === 'manage') && (level === 'read' || (level === 'write' && effect === 'manage'));
        expect([isDisabled('Account code'), isDisabled('Tax rate'), disabledEl(screen.getByRole('button', { name: 'Save' }))], `${level} ${effect}`).toEqual([refused, refused, refused]);
        expect(disabledEl(screen.getByRole('button', { name: 'Export' }))).toBe(false);
        unmount();
      }
    }
  });

  it('names the reason for a view-only member: "View-only access"', () => {
    renderGate('read', saveMappings.effect);
    expect(screen.getByRole('group', { name: 'View-only access' }).contains(screen.getByRole('button', { name: 'Save' }))).toBe(true);
  });

  it('renders the controls as they are for a member', () => {
    const { container } = renderGate('write', saveMappings.effect);
    expect(container.querySelector('fieldset')).toBeNull();
  });
});
