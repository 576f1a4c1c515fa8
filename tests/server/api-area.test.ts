import Fastify from 'fastify';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { defineArea, registerArea, type ApiDeps } from '@server/api/area';
import { valibotSerializerCompiler } from '@server/http/json';

/** An area's answers carry only the fields of their contract. */
const deps = {} as ApiDeps;

async function appWith(routes: Parameters<typeof defineArea>[0]['routes'], guard: 'public' | 'providerAdmin') {
  const app = Fastify({ logger: false });
  app.setSerializerCompiler(valibotSerializerCompiler);
  registerArea(app, defineArea({ name: 'test', prefix: '/api/v1', guard, routes }), deps);
  return app;
}

describe('an API area', () => {
  it('sends only the fields of the answer contract', async () => {
    const app = await appWith((scope) => {
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
});
