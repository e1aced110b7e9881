import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { showToast } from './toast';

describe('toasts', () => {
  it('hide after 3000 ms', async () => {
    vi.useFakeTimers();
    render(<Providers env="test">{null}</Providers>);
    act(() => showToast('error', 'Could not connect to sales source.'));
    expect(screen.getByText('Could not connect to sales source.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(screen.queryByText('Could not connect to sales source.')).toBeNull();
  });

  it('keep a success message of 50 or more characters until closed', async () => {
    vi.useFakeTimers();
    const message = 'Your settings were saved and will apply to the next settlement.';
    render(<Providers env="test">{null}</Providers>);
    act(() => showToast('success', message));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(10_000);
    });
    expect(screen.getByText(message)).toBeTruthy();
  });
});
