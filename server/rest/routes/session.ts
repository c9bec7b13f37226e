/**
 * Session rows (platform spec §7 Session; api-contract "Session").
 */
import type { RestRoute } from '../table';

export const sessionRoutes: RestRoute[] = [
  { method: 'GET', path: '/captchaImage', procedure: 'auth.captchaImage', envelope: 'ajax' },
  { method: 'GET', path: '/publicKey', procedure: 'auth.publicKey', envelope: 'ajax' },
  { method: 'POST', path: '/login', procedure: 'auth.login', input: ['body'], envelope: 'ajax' },
  { method: 'POST', path: '/register', procedure: 'auth.register', input: ['body'], envelope: 'ajax' },
  { method: 'POST', path: '/logout', procedure: 'auth.logout', envelope: 'ajax' },
  { method: 'GET', path: '/getInfo', procedure: 'auth.getInfo', envelope: 'ajax' },
  { method: 'GET', path: '/getRouters', procedure: 'auth.getRouters', envelope: 'data' },
];
