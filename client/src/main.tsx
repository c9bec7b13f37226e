/**
 * Entry of the web client (served under /caishui/, hash routes).
 */
// First: zod must run jitless before any schema is created (no eval under the CSP).
import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
