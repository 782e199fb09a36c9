import type { ReactElement } from 'react';
import { render as rtlRender } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { Providers } from '../src/app/providers';

/** Renders `routes` at `path` inside the app's providers (Mantine, notifications). */
export function renderRoutes(routes: RouteObject[], path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = rtlRender(
    <Providers env="test">
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...result, router };
}

/** Renders one element inside the app's providers. */
export function render(ui: ReactElement) {
  return renderRoutes([{ path: '*', element: ui }], '/');
}
