import { MantineProvider } from '@mantine/core';
import { DIALOG_COOKIE_MAX_AGE_SECONDS, dialogSuppressionCookie } from '@ledgerport/core/rules';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SuppressibleModal } from './suppressible-modal';

function Harness({ dialogId }: { dialogId: string }) {
  const [opened, setOpened] = useState(true);
  return (
    <MantineProvider env="test">
      <SuppressibleModal dialogId={dialogId} opened={opened} onClose={() => setOpened(false)} title="New: bank feeds">
        Bank feeds now reconcile by themselves.
      </SuppressibleModal>
    </MantineProvider>
  );
}

const clearCookie = (dialogId: string) => (document.cookie = `lp-dialog-${dialogId}=; Max-Age=0; Path=/`);

afterEach(() => {
  vi.restoreAllMocks();
  for (const id of ['tip-a', 'tip-b', 'tip-c', 'tip-d']) clearCookie(id);
});

describe('a dialog suppressed by its cookie (spec section 4; lifetime one year, section 9)', () => {
  it('shows while no cookie suppresses it', async () => {
    render(<Harness dialogId="tip-a" />);
    expect(await screen.findByRole('dialog', { name: 'New: bank feeds' })).toBeTruthy();
  });

  it("writes core's one-year suppression cookie when closed with \"Don't show this again\"", async () => {
    const written: string[] = [];
    vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    render(<Harness dialogId="tip-b" />);
    await userEvent.click(await screen.findByRole('checkbox', { name: "Don't show this again" }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(written).toEqual([dialogSuppressionCookie('tip-b')]);
    expect(written[0]).toContain(`Max-Age=${DIALOG_COOKIE_MAX_AGE_SECONDS}`);
    expect(DIALOG_COOKIE_MAX_AGE_SECONDS).toBe(365 * 24 * 60 * 60);
  });

  it('does not open while its cookie is set, in this page or the next', async () => {
    const first = render(<Harness dialogId="tip-c" />);
    await userEvent.click(await screen.findByRole('checkbox', { name: "Don't show this again" }));
    await userEvent.click(screen.getByRole('button', { name: 'OK' }));
    first.unmount();
    render(<Harness dialogId="tip-c" />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens again next time when closed without the tick', async () => {
    const first = render(<Harness dialogId="tip-d" />);
    await userEvent.click(await screen.findByRole('button', { name: 'OK' }));
    first.unmount();
    expect(document.cookie).not.toContain('lp-dialog-tip-d');
    render(<Harness dialogId="tip-d" />);
    expect(await screen.findByRole('dialog', { name: 'New: bank feeds' })).toBeTruthy();
  });
});
