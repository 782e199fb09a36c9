import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { preloadScreens, routes } from '../../../src/app/router';
import { renderRoutes } from '../../render';
import { setFetch } from '../../../sync/net/transport';
import { sessionStore } from '../../../sync';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.click(screen.getByLabelText('Email'));
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.keyboard('{Enter}');
}

// The screens are lazy chunks: fetched (transformed) once here, not within a test's wait.
beforeAll(() => preloadScreens(), 120_000);

describe('/login (spec part 1, sections 2, 5, 8)', () => {
  beforeEach(async () => {
    sessionStore.setState({ status: 'signed-out', user: null });
    renderRoutes(routes, '/login');
    await screen.findByLabelText('Email');
  });
  afterEach(() => setFetch(undefined));

  it('Enter with nothing typed shows only the first failing field: Please enter an email', async () => {
    await submit('', '');
    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
    expect(screen.queryByText('Please enter password')).not.toBeInTheDocument();
  });

  it('a malformed e-mail shows Invalid email', async () => {
    await submit('not-an-email', 'secret');
    expect(await screen.findByText('Invalid email')).toBeInTheDocument();
  });

  it('a missing password shows Please enter password', async () => {
    await submit('staff@demo.test', '');
    expect(await screen.findByText('Please enter password')).toBeInTheDocument();
  });

  it('a refused answer shows Login Failed', async () => {
    setFetch(async () => json(401, { success: false, message: 'Invalid credentials' }));
    await submit('staff@demo.test', 'wrong');
    expect(await screen.findByText('Login Failed')).toBeInTheDocument();
    expect(sessionStore.getState().status).toBe('signed-out');
  });

  it('no answer at all shows Server not responding. Please try again later.', async () => {
    setFetch(async () => {
      throw new TypeError('Failed to fetch');
    });
    await submit('staff@demo.test', 'demo1234');
    expect(await screen.findByText('Server not responding. Please try again later.')).toBeInTheDocument();
  });

  it('an unreadable answer shows Server not responding', async () => {
    setFetch(async () => new Response('<html>gateway</html>', { status: 200 }));
    await submit('staff@demo.test', 'demo1234');
    await waitFor(() => expect(screen.getByText('Server not responding')).toBeInTheDocument());
  });

  it('the refused field is marked and focused, and its toast leaves once the field is valid (spec part 1, section 5)', async () => {
    await submit('', '');
    expect(await screen.findByText('Please enter an email')).toBeInTheDocument();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid', 'true');
    await userEvent.setup().type(email, 'staff@demo.test');
    await waitFor(() => expect(screen.queryByText('Please enter an email')).not.toBeInTheDocument());
    expect(email).not.toHaveAttribute('aria-invalid', 'true');
  });
});

describe('while the saved session is read (src/app/guards.tsx)', () => {
  afterEach(() => sessionStore.setState({ status: 'signed-out', user: null }));

  it('a screen behind the sign-in shows a loader, then /login once nobody turns out to be signed in', async () => {
    sessionStore.setState({ status: 'loading', user: null });
    renderRoutes(routes, '/dashboard');
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    act(() => sessionStore.setState({ status: 'signed-out', user: null }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });

  it('/login shows a loader rather than the form until the saved session is known', async () => {
    sessionStore.setState({ status: 'loading', user: null });
    renderRoutes(routes, '/login');
    expect(await screen.findByLabelText('Loading')).toBeInTheDocument();
    expect(screen.queryByLabelText('Email')).not.toBeInTheDocument();
    act(() => sessionStore.setState({ status: 'signed-out', user: null }));
    expect(await screen.findByLabelText('Email')).toBeInTheDocument();
  });
});
