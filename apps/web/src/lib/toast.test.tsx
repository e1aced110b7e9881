import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Providers } from '../app/providers';
import { showToast } from './toast';

describe('toasts', () => {
  it('hide a short toast after 3000 ms', async () => {
    vi.useFakeTimers();
    render(<Providers env="test">{null}</Providers>);
    act(() => showToast('success', 'Saved.'));
    expect(screen.getByText('Saved.')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(screen.queryByText('Saved.')).toBeNull();
  });

  it('close a success message of 50 or more characters by itself too, after 6000 ms', async () => {
    vi.useFakeTimers();
    const message = 'Your settings were saved and will apply to the next settlement.';
    render(<Providers env="test">{null}</Providers>);
    act(() => showToast('success', message));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(4_000);
    });
    expect(screen.getByText(message)).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_000);
    });
    expect(screen.queryByText(message)).toBeNull();
  });

  it('keep an error for 8000 ms, with a close button', async () => {
    vi.useFakeTimers();
    render(<Providers env="test">{null}</Providers>);
    act(() => showToast('error', 'Could not connect to sales source.'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(6_500);
    });
    expect(screen.getByText('Could not connect to sales source.')).toBeTruthy();
    expect(screen.getAllByRole('button').length).toBeGreaterThan(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(2_000);
    });
    expect(screen.queryByText('Could not connect to sales source.')).toBeNull();
  });

  it('show at most three at once; the fourth waits until one closes', async () => {
    vi.useFakeTimers();
    render(<Providers env="test">{null}</Providers>);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => {
      for (const n of [1, 2, 3, 4]) showToast('info', `Message ${n}`);
    });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(100);
    });
    expect(['Message 1', 'Message 2', 'Message 3', 'Message 4'].filter((m) => screen.queryByText(m) !== null)).toEqual(['Message 1', 'Message 2', 'Message 3']);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(3_500);
    });
    expect(screen.queryByText('Message 4')).toBeTruthy();
  });
});
