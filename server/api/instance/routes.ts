import * as v from 'valibot';
import {
  InstanceByEmailParamsSchema,
  InstanceClientApplicationListSchema,
  InstanceCreateSchema,
  InstanceFormByApplicationParamsSchema,
  InstanceFormParamsSchema,
  InstanceIdParamsSchema,
  InstanceRecordSchema,
  InstanceUpdateSchema,
} from '@contracts/instance';
import { FormClientParamsSchema, FormDefinitionSchema, RoleListSchema } from '@contracts/profile-form';
import type { Principal } from '../../auth/principal';
import { demoApplicationRoles } from '../../db/seed';
import { notFound, unauthorized, validationFailed } from '../../http/problem';
import { defineArea } from '../area';
import { directoryOfCaller } from '../support/caller';
import { findClient } from '../profile/service';
import { readInstanceClientApplications } from './client-applications';
import { createInstance } from './create';
import { findInstanceByEmail, formForApplication, NO_PROFILE_BY_EMAIL } from './lookup';
import {
  type Access,
  adminAccess,
  accessTo,
  clientForm,
  findInstance,
  instanceForm,
  instanceRecord,
  saveInstance,
} from './service';

const AliasParamsSchema = v.object({ alias: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(40)) });

/**
 * The profile (instance) and its form, for signed-in callers (docs/api.md "Profile form"): a person's own (Edit), and
 * others' as an administrator (Admin, within their reach) or an agent of the same client (Agent). A profile the caller
 * may not work on answers 404, exactly as a missing one. The identity provider is called for the caller (the person,
 * their agent or the administrator), so its System Log names them as the actor of each change.
 */
export const instanceArea = defineArea({
  name: 'instance',
  prefix: '/api/v1',
  guard: 'signedIn',
  routes: (app, deps) => {
    const { db, config } = deps;
    const callerOf = (principal: Principal | null): Principal => {
      if (principal === null) throw unauthorized();
      return principal;
    };
    /** The profile the path names and how the caller may work on it (404 when they may not). */
    const reachable = async (principal: Principal | null, id: string) => {
      const instance = await findInstance(db, id);
      const access = await accessTo(db, callerOf(principal), instance, config.providerPrefix);
      return { instance: instance as NonNullable<typeof instance>, access };
    };
    /** The same, for a profile named by e-mail and client: every miss and refusal is one 404. */
    const reachableByEmail = async (principal: Principal | null, email: string, clientRef: string) => {
      const instance = await findInstanceByEmail(db, email, clientRef);
      const access = await accessTo(db, callerOf(principal), instance, config.providerPrefix, NO_PROFILE_BY_EMAIL);
      return { instance: instance as NonNullable<typeof instance>, access };
    };
    /** A form path names the mode the caller works in: it must be the one the server gives them for that profile. */
    const assertMode = (access: Access, formMode: Access['mode']) => {
      if (access.mode !== formMode)
        throw validationFailed([
          { field: 'params.formMode', message: `is not how the caller works on this profile (${access.mode})` },
        ]);
    };

    app.get('/Instance', { schema: { response: { 200: InstanceRecordSchema } } }, async (request, reply) => {
      const caller = callerOf(request.principal);
      const own = await findInstance(db, caller.userId);
      if (own === undefined) throw unauthorized();
      reply.header('cache-control', 'no-store');
      return instanceRecord(db, own, { admin: false, role: caller.role });
    });

    app.get(
      '/Instance/:id',
      { schema: { params: InstanceIdParamsSchema, response: { 200: InstanceRecordSchema } } },
      async (request, reply) => {
        const { instance, access } = await reachable(request.principal, request.params.id);
        reply.header('cache-control', 'no-store');
        return instanceRecord(db, instance, access.viewer);
      },
    );

    // Spec admin-and-board §3 "Instance: loaded by email and client id", §7 `GET Instance/{a}/{b}`: scoped exactly
    // like `Instance/{id}` (the person, an administrator who reaches the client, an agent of the same client).
    app.get(
      '/Instance/:email/:clientId',
      { schema: { params: InstanceByEmailParamsSchema, response: { 200: InstanceRecordSchema } } },
      async (request, reply) => {
        const { instance, access } = await reachableByEmail(
          request.principal,
          request.params.email,
          request.params.clientId,
        );
        reply.header('cache-control', 'no-store');
        return instanceRecord(db, instance, access.viewer);
      },
    );

    app.put(
      '/Instance/:id',
      {
        schema: { params: InstanceIdParamsSchema, body: InstanceUpdateSchema, response: { 200: InstanceRecordSchema } },
      },
      async (request) => {
        const { instance, access } = await reachable(request.principal, request.params.id);
        const actor = callerOf(request.principal).login;
        const saved = await saveInstance(
          { db, directory: directoryOfCaller(deps, request), actor },
          instance,
          access,
          request.body,
        );
        return instanceRecord(db, saved, access.viewer);
      },
    );

    // An administrator's create (Admin mode): a person of a client they reach, with the identity-provider user.
    app.post(
      '/Instance',
      { schema: { body: InstanceCreateSchema, response: { 201: InstanceRecordSchema } }, config: { guard: 'admin' } },
      async (request, reply) => {
        const caller = callerOf(request.principal);
        const created = await createInstance(
          { db, directory: directoryOfCaller(deps, request), log: request.log, providerPrefix: config.providerPrefix },
          caller,
          request.body,
        );
        return reply.code(201).send(await instanceRecord(db, created, adminAccess(caller).viewer));
      },
    );

    app.get(
      '/InstanceApplicationTemplateClientField/Form/Instance/:id',
      { schema: { params: InstanceIdParamsSchema, response: { 200: FormDefinitionSchema } } },
      async (request, reply) => {
        const { instance, access } = await reachable(request.principal, request.params.id);
        reply.header('cache-control', 'no-store');
        return instanceForm(db, instance, access);
      },
    );

    // The spec's four-part form path: the person by e-mail and client, the culture, the mode the caller works in.
    app.get(
      '/InstanceApplicationTemplateClientField/Form/Instance/:email/:clientId/:culture/:formMode',
      { schema: { params: InstanceFormParamsSchema, response: { 200: FormDefinitionSchema } } },
      async (request, reply) => {
        const { email, clientId, formMode } = request.params;
        const { instance, access } = await reachableByEmail(request.principal, email, clientId);
        assertMode(access, formMode);
        reply.header('cache-control', 'no-store');
        return instanceForm(db, instance, access);
      },
    );

    // The five-part path: the same form narrowed to one application (Edit Profile opened for an application).
    app.get(
      '/InstanceApplicationTemplateClientField/Form/InstanceByApplicationName/:email/:clientId/:culture/:formMode/:applicationName',
      { schema: { params: InstanceFormByApplicationParamsSchema, response: { 200: FormDefinitionSchema } } },
      async (request, reply) => {
        const { email, clientId, formMode, applicationName } = request.params;
        const { instance, access } = await reachableByEmail(request.principal, email, clientId);
        assertMode(access, formMode);
        reply.header('cache-control', 'no-store');
        return formForApplication(await instanceForm(db, instance, access), applicationName);
      },
    );

    app.get(
      '/FormApplicationTemplateClientField/:clientId/:culture',
      { schema: { params: FormClientParamsSchema, response: { 200: FormDefinitionSchema } } },
      async (request, reply) => {
        const client = await findClient(db, request.params.clientId);
        if (client === undefined) throw notFound('No client has this id.');
        reply.header('cache-control', 'no-store');
        return clientForm(db, callerOf(request.principal), client, config.providerPrefix);
      },
    );

    // The spec's `InstanceClientApplication?{json}; /{id}?{json}; /{a}/{b}`: the applications of the person's client
    // with the person's role in each; the caller's own, or a person by id or by e-mail and client, scoped like the
    // profile (docs/api.md "Profile form"). The spec's `{json}` query is accepted and carries nothing we read.
    const clientApplicationsAnswer = { 200: InstanceClientApplicationListSchema };
    app.get(
      '/InstanceClientApplication',
      { schema: { response: clientApplicationsAnswer } },
      async (request, reply) => {
        const own = await findInstance(db, callerOf(request.principal).userId);
        if (own === undefined) throw unauthorized();
        reply.header('cache-control', 'no-store');
        return readInstanceClientApplications(db, own);
      },
    );
    app.get(
      '/InstanceClientApplication/:id',
      { schema: { params: InstanceIdParamsSchema, response: clientApplicationsAnswer } },
      async (request, reply) => {
        const { instance } = await reachable(request.principal, request.params.id);
        reply.header('cache-control', 'no-store');
        return readInstanceClientApplications(db, instance);
      },
    );
    app.get(
      '/InstanceClientApplication/:email/:clientId',
      { schema: { params: InstanceByEmailParamsSchema, response: clientApplicationsAnswer } },
      async (request, reply) => {
        const { email, clientId } = request.params;
        const { instance } = await reachableByEmail(request.principal, email, clientId);
        reply.header('cache-control', 'no-store');
        return readInstanceClientApplications(db, instance);
      },
    );

    // The demo world's role URLs (client_applications.roles_api_url) point here: the roles an application offers.
    app.get(
      '/ApplicationRoles/:alias',
      { schema: { params: AliasParamsSchema, response: { 200: RoleListSchema } } },
      (request) => {
        const roles = demoApplicationRoles[request.params.alias.toLowerCase()];
        if (roles === undefined) throw notFound('No application has this alias.');
        return roles.map((role) => ({ caption: role, key: role }));
      },
    );
  },
});
