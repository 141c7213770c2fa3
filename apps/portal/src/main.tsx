// Mantine's styles first: stylesheets imported later (our components') win over them.
import './mantine-styles';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { createHydrationAsyncData } from '@flagship/ui';
import { App } from './app';
import { SERVER_DATA_ID } from './lib/server-render';
import { createRouter } from './router';

// A page the server rendered carries the data it rendered with; the browser hydrates it.
const serverData = document.getElementById(SERVER_DATA_ID)?.textContent;
const rendered = serverData ? (JSON.parse(serverData) as Record<string, unknown>) : undefined;
const router = await createRouter(rendered !== undefined);
const app = (
  <StrictMode>
    <App asyncData={rendered && createHydrationAsyncData(rendered)}>
      <RouterProvider router={router} />
    </App>
  </StrictMode>
);
const root = document.getElementById('root')!;
if (rendered) {
  hydrateRoot(root, app, { onRecoverableError: (error) => console.error('Hydration mismatch:', error) });
} else {
  createRoot(root).render(app);
}
