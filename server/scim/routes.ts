import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import type { DirectoryPort } from '../directory/port';
import { clientOf } from '../idp/events/catalogue';
import type { EventRecorder } from '../idp/events/recorder';
import { databaseAttemptCounter } from '../idp/rate-limit';
import { scimAuthenticator } from './auth';
import { ScimError, SCIM_CONTENT_TYPE, scimErrorHandler, sendScimError } from './errors';
import { readGroupBody, type DesiredGroup, type ScimGroup } from './group-resource';
import {
  changeScimGroup,
  createScimGroup,
  deleteScimGroup,
  excludesMembers,
  findGroup,
  groupResource,
  listGroups,
  type GroupDeps,
} from './groups-service';
import { applyPatch, readPatchBody } from './patch';
import {
  CORE_GROUP_SCHEMA,
  listResponse,
  PROFILE_SCHEMA,
  resourceTypes,
  schemaDocuments,
  serviceProviderConfig,
} from './schemas';
import { readUserBody, type PersonRow } from './user-resource';
import { etagOf } from './versions';
import {
  checkIfMatch,
  createUser,
  findPerson,
  listUsers,
  removeUser,
  replaceUser,
  scimContext,
  userResource,
  type ScimContext,
  type ScimDeps,
} from './users-service';

/**
 * The SCIM 2.0 service provider (RFC 7644), per client: `/scim/v2/…` for a client administrator's token (their
 * client), `/scim/v2/{clientAlias}/…` for any token that reaches that client (a provider administrator's must use it).
 * Its own scope: SCIM's media type is read as JSON, and every failure is a SCIM error object (errors.ts). Registered
 * only with the embedded identity provider, where the API tokens live (docs/scim.md).
 */
export interface ScimOptions {
  db: Db;
  config: Config;
  directory: DirectoryPort;
  /** The embedded identity provider's System Log: group changes are recorded as the management API records them. */
  systemLog: EventRecorder;
}

/** Form-field problems name `body.fields.X` and `body.email`: SCIM names them by its attributes. */
const attributeOf = (field: string) =>
  field === 'body.email'
    ? 'userName'
    : field === 'body.password'
      ? 'password'
      : field.startsWith('body.fields.')
        ? `${PROFILE_SCHEMA}:${field.slice('body.fields.'.length)}`
        : field.replace(/^body\./, '');

type Params = { clientAlias?: string; id?: string };

/** An attribute of a patched User, its name compared without case. */
const valueOf = (user: Record<string, unknown>, name: string) =>
  user[Object.keys(user).find((key) => key.toLowerCase() === name.toLowerCase()) ?? name];

export function scimRoutes(app: FastifyInstance, options: ScimOptions) {
  const { db, config } = options;
  const deps: ScimDeps = { db, directory: options.directory, providerPrefix: config.providerPrefix, log: app.log };
  const groupDeps: GroupDeps = { db, systemLog: options.systemLog };
  const authenticate = scimAuthenticator(db, config.providerPrefix, databaseAttemptCounter(db, 'portal_rate_limits'));

  return app.register(
    (scim, _options, done) => {
      // Both JSON types, and an empty body read as none: SCIM clients send the content type on every request, a DELETE
      // or a GET included (Fastify's own JSON parser refuses an empty body, which would refuse such a DELETE).
      scim.removeContentTypeParser('application/json');
      scim.addContentTypeParser(
        ['application/scim+json', 'application/json'],
        { parseAs: 'string' },
        (_request, body, parsed) => {
          const text = (body as string).trim();
          if (text === '') {
            parsed(null, undefined);
            return;
          }
          try {
            parsed(null, JSON.parse(text) as unknown);
          } catch {
            parsed(new ScimError(400, 'The body is not valid JSON.', 'invalidSyntax'), undefined);
          }
        },
      );
      scim.setErrorHandler(scimErrorHandler(attributeOf));
      scim.setNotFoundHandler((_request, reply) =>
        sendScimError(reply, new ScimError(404, 'No such SCIM endpoint (Bulk and /Me are not offered).')),
      );

      const contextOf = async (request: FastifyRequest): Promise<ScimContext> => {
        const { clientAlias } = request.params as Params;
        const caller = await authenticate(request, clientAlias);
        const base = `${config.publicUrl}/scim/v2${clientAlias === undefined ? '' : `/${caller.client.portalAlias}`}`;
        return scimContext(db, caller, base);
      };
      const send = (reply: FastifyReply, status: number, body: unknown, etag?: string) => {
        reply.code(status).header('content-type', SCIM_CONTENT_TYPE);
        if (etag !== undefined) reply.header('etag', etag);
        return reply.send(body);
      };
      const sendUser = async (reply: FastifyReply, context: ScimContext, person: PersonRow, status = 200) => {
        const user = await userResource(db, context, person);
        if (status === 201) reply.header('location', user.meta.location);
        return send(reply, status, user, etagOf(person.version));
      };
      const ifMatch = (request: FastifyRequest) => {
        const header = request.headers['if-match'];
        return Array.isArray(header) ? header.join(',') : header;
      };

      for (const prefix of ['', '/:clientAlias']) {
        scim.get(`${prefix}/ServiceProviderConfig`, async (request, reply) => {
          const context = await contextOf(request);
          return send(reply, 200, serviceProviderConfig(context.base));
        });
        scim.get(`${prefix}/ResourceTypes`, async (request, reply) => {
          const context = await contextOf(request);
          const types = resourceTypes(context.base);
          return send(reply, 200, listResponse(types, types.length, 1));
        });
        scim.get(`${prefix}/ResourceTypes/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const type = resourceTypes(context.base).find((t) => t.id === (request.params as Params).id);
          if (type === undefined) throw new ScimError(404, 'No such resource type.');
          return send(reply, 200, type);
        });
        scim.get(`${prefix}/Schemas`, async (request, reply) => {
          const context = await contextOf(request);
          const schemas = schemaDocuments(context.base, context.form);
          return send(reply, 200, listResponse(schemas, schemas.length, 1));
        });
        scim.get(`${prefix}/Schemas/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const schema = schemaDocuments(context.base, context.form).find(
            (s) => s.id === (request.params as Params).id,
          );
          if (schema === undefined) throw new ScimError(404, 'No such schema.');
          return send(reply, 200, schema);
        });

        scim.get(`${prefix}/Users`, async (request, reply) => {
          const context = await contextOf(request);
          return send(reply, 200, await listUsers(db, context, request.query as Record<string, unknown>));
        });
        scim.get(`${prefix}/Users/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const person = await findPerson(db, context, (request.params as Params).id ?? '');
          // If-None-Match (RFC 7644 §3.14): the version the client has is still the person's.
          if (request.headers['if-none-match'] === etagOf(person.version)) return reply.code(304).send();
          return sendUser(reply, context, person);
        });
        scim.post(`${prefix}/Users`, async (request, reply) => {
          const context = await contextOf(request);
          const person = await createUser(deps, context, readUserBody(request.body));
          return sendUser(reply, context, person, 201);
        });
        scim.put(`${prefix}/Users/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const person = await findPerson(db, context, (request.params as Params).id ?? '');
          checkIfMatch(ifMatch(request), person);
          const desired = readUserBody(request.body);
          return sendUser(reply, context, await replaceUser(deps, context, person, desired, { replace: true }));
        });
        scim.patch(`${prefix}/Users/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const operations = readPatchBody(request.body);
          const person = await findPerson(db, context, (request.params as Params).id ?? '');
          checkIfMatch(ifMatch(request), person);
          const current = await userResource(db, context, person);
          const patched = applyPatch(current as unknown as Record<string, unknown>, operations);
          // userName and the e-mail are the login: immutable (before the body is read, which would say why less well).
          for (const name of ['userName', 'emails'] as const)
            if (JSON.stringify(valueOf(patched, name)) !== JSON.stringify(current[name]))
              throw new ScimError(400, `${name} cannot change: the person signs in with it`, 'mutability');
          const desired = readUserBody(patched);
          return sendUser(reply, context, await replaceUser(deps, context, person, desired, { replace: true }));
        });
        scim.delete(`${prefix}/Users/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const person = await findPerson(db, context, (request.params as Params).id ?? '');
          checkIfMatch(ifMatch(request), person);
          await removeUser(deps, context, person);
          return reply.code(204).send();
        });

        // Groups (docs/scim.md "Groups"): the client's identity-provider groups, named {OktaPrefix}__{displayName}.
        const sendGroup = async (
          reply: FastifyReply,
          context: ScimContext,
          group: Awaited<ReturnType<typeof findGroup>>,
          { status = 200, members = true }: { status?: number; members?: boolean } = {},
        ) => {
          const resource = await groupResource(db, context, group, { members });
          if (status === 201) reply.header('location', resource.meta.location);
          return send(reply, status, resource, resource.meta.version);
        };
        scim.get(`${prefix}/Groups`, async (request, reply) => {
          const context = await contextOf(request);
          return send(reply, 200, await listGroups(db, context, request.query as Record<string, unknown>));
        });
        scim.get(`${prefix}/Groups/:id`, async (request, reply) => {
          const context = await contextOf(request);
          const members = !excludesMembers(request.query as Record<string, unknown>);
          const group = await findGroup(db, context, (request.params as Params).id ?? '');
          if (request.headers['if-none-match'] === etagOf(group.version)) return reply.code(304).send();
          return sendGroup(reply, context, group, { members });
        });
        scim.post(`${prefix}/Groups`, async (request, reply) => {
          const context = await contextOf(request);
          const group = await createScimGroup(groupDeps, context, readGroupBody(request.body), clientOf(request));
          return sendGroup(reply, context, group, { status: 201 });
        });
        /**
         * PUT and PATCH: once the caller is known (the body is read only then), the group becomes what the body's
         * `desire` makes of it, under its lock and If-Match.
         */
        const changeGroup = async (
          request: FastifyRequest,
          reply: FastifyReply,
          desireOfBody: () => (current: ScimGroup) => DesiredGroup,
        ) => {
          const context = await contextOf(request);
          const desire = desireOfBody();
          const id = (request.params as Params).id ?? '';
          const group = await changeScimGroup(groupDeps, context, id, ifMatch(request), desire, clientOf(request));
          return sendGroup(reply, context, group);
        };
        scim.put(`${prefix}/Groups/:id`, (request, reply) =>
          changeGroup(request, reply, () => {
            const desired = readGroupBody(request.body);
            return () => desired;
          }),
        );
        scim.patch(`${prefix}/Groups/:id`, (request, reply) =>
          changeGroup(request, reply, () => {
            const operations = readPatchBody(request.body);
            return (current) =>
              readGroupBody(applyPatch(current as unknown as Record<string, unknown>, operations, CORE_GROUP_SCHEMA));
          }),
        );
        scim.delete(`${prefix}/Groups/:id`, async (request, reply) => {
          const context = await contextOf(request);
          await deleteScimGroup(
            groupDeps,
            context,
            (request.params as Params).id ?? '',
            ifMatch(request),
            clientOf(request),
          );
          return reply.code(204).send();
        });
      }
      done();
    },
    { prefix: '/scim/v2' },
  );
}
