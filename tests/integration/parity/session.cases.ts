import { extras, settle, type ParityCase } from '../../helpers/parity';

export const sessionCases: Record<string, ParityCase> = {
  'GET /captchaImage': { url: '/captchaImage', trpc: (c) => c.auth.captchaImage(), pick: extras, anonymous: true },
  'GET /publicKey': { url: '/publicKey', trpc: (c) => c.auth.publicKey(), pick: extras, anonymous: true },
  'POST /login': {
    url: '/login', body: { username: 'ry', password: 'admin123' }, anonymous: true, volatile: ['token'],
    trpc: (c) => c.auth.login({ username: 'ry', password: 'admin123' }), pick: extras,
  },
  'POST /register': {
    url: '/register', body: { username: 'x1', password: 'secret1' }, anonymous: true,
    trpc: (c) => settle(c.auth.register({ username: 'x1', password: 'secret1' })),
    pick: (e) => (e.code === 200 ? {} : { error: e.msg }),
  },
  'POST /logout': { url: '/logout', anonymous: true, trpc: (c) => c.auth.logout(), pick: (e) => ({ msg: e.msg }) },
  'GET /getInfo': { url: '/getInfo', trpc: (c) => c.auth.getInfo(), pick: extras },
  'GET /getRouters': { url: '/getRouters', trpc: (c) => c.auth.getRouters(), pick: (e) => e.data },
};
