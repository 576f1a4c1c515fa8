import Fastify from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineArea, registerArea, type ApiDeps } from '@server/api/area';
import { valibotSerializerCompiler } from '@server/http/json';

/** An area's answers carry only the fields of their contract. */
const deps = {} as ApiDeps;

function appWith(routes: Parameters<typeof defineArea>[0]['routes'], guard: 'public' | 'providerAdmin') {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(valibotSerializerCompiler);
  registerArea(app, defineArea({ name: 'test', prefix: '/api/v1', guard, routes }), deps);
  return app;
}

describe('an API area', () => {
  it('sends only the fields of the answer contract', async () => {
    const app = appWith((scope) => {
      scope.get('/row', { schema: { response: { 200: v.object({ id: v.string() }) } } }, () => ({
        id: 'a',
        passwordHash: 'never leaves',
      }));
    }, 'public');
    const response = await app.inject({ method: 'GET', url: '/api/v1/row' });
    expect(response.json()).toEqual({ id: 'a' });
    expect(app.hasRoute({ method: 'GET', url: '/api/v1/row' })).toBe(true);
    await app.close();
  });

  it('refuses to start when a route widens its area guard', async () => {
    const app = appWith((scope) => {
      scope.get(
        '/secret',
        { config: { guard: 'public' }, schema: { response: { 200: v.object({ id: v.string() }) } } },
        () => ({ id: 'a' }),
      );
    }, 'providerAdmin');
    await expect(app.ready()).rejects.toThrow('GET /api/v1/secret (area test) declares the guard public, wider than');
  });

  it('lets a route narrow its area guard', async () => {
    const app = appWith((scope) => {
      scope.get(
        '/narrow',
        { config: { guard: 'providerAdmin' }, schema: { response: { 200: v.object({ id: v.string() }) } } },
        () => ({ id: 'a' }),
      );
    }, 'public');
    await app.ready();
    expect(app.hasRoute({ method: 'GET', url: '/api/v1/narrow' })).toBe(true);
    await app.close();
  });

  it('refuses to start when a route declares no answer contract', async () => {
    const app = appWith((scope) => {
      scope.get('/loose', () => ({ id: 'a' }));
    }, 'public');
    await expect(app.ready()).rejects.toThrow('GET /api/v1/loose (area test) declares no answer contract');
  });
});
