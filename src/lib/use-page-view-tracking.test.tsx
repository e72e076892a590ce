// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { usePageViewTracking } from './use-page-view-tracking';

function Tracked() {
  usePageViewTracking();
  return <Outlet />;
}

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        element: <Tracked />,
        children: [
          { index: true, element: <h1>Home</h1> },
          { path: 'about', element: <h1>About</h1> },
          { path: 'courses/jee', element: <h1>JEE</h1> },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

afterEach(() => {
  delete window.fbq;
});

describe('usePageViewTracking', () => {
  it('does not count the first page: the base code already did', () => {
    window.fbq = vi.fn();
    renderAt('/');
    expect(window.fbq).not.toHaveBeenCalled();
  });

  it('sends exactly one PageView per route change', async () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    const router = renderAt('/');

    await act(() => router.navigate('/about'));
    expect(fbq).toHaveBeenCalledTimes(1);
    expect(fbq).toHaveBeenLastCalledWith('track', 'PageView');

    await act(() => router.navigate('/courses/jee'));
    await act(() => router.navigate(-1));
    expect(fbq).toHaveBeenCalledTimes(3);
    expect(fbq.mock.calls.every((call) => call[0] === 'track' && call[1] === 'PageView')).toBe(true);
  });

  it('does not count a change that stays on the same page', async () => {
    const fbq = vi.fn();
    window.fbq = fbq;
    const router = renderAt('/about');
    await act(() => router.navigate('/about#faculty'));
    await act(() => router.navigate('/about?ref=footer'));
    expect(fbq).not.toHaveBeenCalled();
  });

  it('does nothing and throws nothing without the pixel', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/about'));
    await act(() => router.navigate('/courses/jee'));
    expect(window.fbq).toBeUndefined();
    expect(router.state.location.pathname).toBe('/courses/jee');
  });

  it('starts sending when the pixel appears after the first page', async () => {
    const router = renderAt('/');
    await act(() => router.navigate('/about'));
    const fbq = vi.fn();
    window.fbq = fbq;
    await act(() => router.navigate('/courses/jee'));
    expect(fbq).toHaveBeenCalledExactlyOnceWith('track', 'PageView');
  });
});
