import type { StaffUserView } from '@kupon/api/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { formatDateTime } from '@/lib/format';
import { LoginLock } from './login-lock';

const USER_ID = '11111111-1111-4111-8111-111111111111';
const LOCKED_UNTIL = '2026-11-22T12:05:00.000Z';
const user = (loginLock: StaffUserView['loginLock']) => ({ userId: USER_ID, userName: 'kplayer1', loginLock }) as StaffUserView;

function serve(status: number, body: unknown) {
  const calls: { method: string; path: string }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', path: new URL(input, 'http://backoffice.example').pathname });
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('back office login lock of a user', () => {
  it('shows until when and after how many failures the login is locked, and Unlock lifts it', async () => {
    const calls = serve(200, { ...user(null) });
    await renderWithProviders(<LoginLock user={user({ failures: 7, lockedUntil: LOCKED_UNTIL })} editable />, { language: 'en' });
    expect(screen.getByTestId('login-lock-text').textContent).toBe(`Login locked until ${formatDateTime(LOCKED_UNTIL, true)} after 7 failed attempts.`);
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(calls).toEqual([{ method: 'POST', path: `/api/v1/staff/users/${USER_ID}/login-lock/clear` }]));
  });

  it('shows the lock in Turkish without the button to staff who may not edit the user, and nothing when not locked', async () => {
    const first = await renderWithProviders(<LoginLock user={user({ failures: 6, lockedUntil: LOCKED_UNTIL })} editable={false} />);
    expect(screen.getByTestId('login-lock-text').textContent).toBe(`6 hatalı denemeden sonra giriş ${formatDateTime(LOCKED_UNTIL, true)} tarihine kadar kilitli.`);
    expect(screen.queryByRole('button')).toBeNull();
    first.unmount();
    await renderWithProviders(<LoginLock user={user(null)} editable />);
    expect(screen.queryByTestId('login-lock')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('a refused unlock is shown translated', async () => {
    serve(403, { error: 'thisOperatorNotYour' });
    await renderWithProviders(<LoginLock user={user({ failures: 6, lockedUntil: LOCKED_UNTIL })} editable />, { language: 'en' });
    fireEvent.click(screen.getByRole('button', { name: 'Unlock' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('This user is not yours.'));
  });
});
