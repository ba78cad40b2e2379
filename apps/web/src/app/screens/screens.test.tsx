import { describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ScreenTexts } from '@hireflow/contracts/messages';
import { renderWithProviders } from '@/test/render';
import { ErrorScreen } from './error-screen';
import { LoadingScreen } from './loading-screen';

describe('standard screens', () => {
  it('the loading screen says exactly the spec text', async () => {
    renderWithProviders(<LoadingScreen />);
    expect(await screen.findByRole('status')).toHaveTextContent(/^Please Wait While Page Loads\.\.\.\.$/);
    expect(ScreenTexts.loading).toBe('Please Wait While Page Loads....');
  });

  it('the error screen shows the spec text and reloads when the browser comes back online', async () => {
    const reload = vi.fn();
    const original = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...original, reload } });
    try {
      renderWithProviders(<ErrorScreen />);
      expect(await screen.findByRole('heading', { name: ScreenTexts.errorTitle, level: 1 })).toBeInTheDocument();
      expect(screen.getByText(ScreenTexts.errorBody)).toBeInTheDocument();
      expect(reload).not.toHaveBeenCalled();
      act(() => void window.dispatchEvent(new Event('online')));
      expect(reload).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: original });
    }
  });

  it('a page that throws shows the error screen', async () => {
    const Broken = () => {
      throw new Error('boom');
    };
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderWithProviders(null, { routes: [{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }] });
    expect(await screen.findByRole('heading', { name: ScreenTexts.errorTitle })).toBeInTheDocument();
    quiet.mockRestore();
  });
});
