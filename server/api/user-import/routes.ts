import {
  ImportClientListSchema,
  ImportClientParamsSchema,
  ImportCommitSchema,
  ImportInvitedSchema,
  ImportInviteSchema,
  ImportHistorySchema,
  ImportJobParamsSchema,
  ImportJobSchema,
  ImportPreviewSchema,
  ImportTemplateSchema,
  ImportUploadSchema,
  templateFileName,
} from '@contracts/user-import';
import type { Principal } from '../../auth/principal';
import { notFound, ProblemError, unauthorized } from '../../http/problem';
import { readFormDefinition } from '../instance/form-queries';
import { defineArea } from '../area';
import { actorOf, directoryOfCaller, reachOfCaller } from '../support/caller';
import { invitationDepsOf } from '../invitations/deps';
import { inviteNewPeople } from './invite';
import { applyJob, claimJob } from './commit';
import { abandonedCheck, startDryRun } from './dry-run';
import { importableClients, importClient, jobProblems, jobRecord, jobsOf, reachableJob, rowsOf } from './queries';
import { reportCsv, templateCsv } from './report';
import { templateColumns } from './template';

/** An upload's JSON carries the file in base64 (4/3 of its bytes): room for a file at the limit and the rest. */
const UPLOAD_BODY_LIMIT = 1_600_000;

/**
 * The user import (docs/api.md "User import"; spec admin-and-board §2, §3, §7): importable clients, the template, the
 * dry run (`POST Instance/uploadtemplate`), the commit and its progress, the report and the history. Administrators
 * only; a client administrator reaches their own client, and another client's clients and jobs answer 404.
 */
export const userImportArea = defineArea({
  name: 'user-import',
  prefix: '/api/v1',
  guard: 'admin',
  routes: (app, deps) => {
    const { db, config, identity, mailer } = deps;
    const callerOf = (principal: Principal | null): Principal => {
      if (principal === null) throw unauthorized();
      return principal;
    };
    /** Dry runs and commits running in this process; the app waits for them when it closes (a test, a shutdown). */
    const running = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...running]);
    });
    const inBackground = (work: Promise<void>, log: typeof app.log, what: string, jobId: string) => {
      const tracked = work
        .catch((cause: unknown) => {
          log.error({ cause, jobId }, `user import: ${what} stopped`);
        })
        .finally(() => running.delete(tracked));
      running.add(tracked);
    };
    /** A job the caller reaches; one whose check lost its process is removed and answers as missing. */
    const readableJob = async (request: Parameters<typeof reachOfCaller>[1], id: string) => {
      const job = await reachableJob(db, await reachOfCaller(deps, request), id);
      if (await abandonedCheck(db, job)) throw notFound('The check of this file stopped; upload it again.');
      return job;
    };

    app.get('/UserImport/clients', { schema: { response: { 200: ImportClientListSchema } } }, async (request) =>
      importableClients(db, await reachOfCaller(deps, request), config.providerPrefix),
    );

    app.get(
      '/UserImport/clients/:clientId/template',
      { schema: { params: ImportClientParamsSchema, response: { 200: ImportTemplateSchema } } },
      async (request) => {
        const caller = callerOf(request.principal);
        const reach = await reachOfCaller(deps, request);
        const client = await importClient(db, reach, config.providerPrefix, request.params.clientId);
        const form = await readFormDefinition(db, client, { admin: true, role: caller.role }, null);
        const columns = templateColumns(form);
        return { fileName: templateFileName(client.name), columns, csv: templateCsv(columns) };
      },
    );

    app.get(
      '/UserImport/clients/:clientId/jobs',
      { schema: { params: ImportClientParamsSchema, response: { 200: ImportHistorySchema } } },
      async (request) => {
        const reach = await reachOfCaller(deps, request);
        const client = await importClient(db, reach, config.providerPrefix, request.params.clientId);
        return Promise.all((await jobsOf(db, client.id)).map((job) => jobRecord(db, job)));
      },
    );

    // Answers 202 at once with the job `checking` (a file that cannot be read at all answers 400 or 413 here): the
    // rows are checked after the answer, and GET UserImport/jobs/:id/preview follows the job until it is previewed.
    app.post(
      '/Instance/uploadtemplate',
      { bodyLimit: UPLOAD_BODY_LIMIT, schema: { body: ImportUploadSchema, response: { 202: ImportPreviewSchema } } },
      async (request, reply) => {
        const caller = callerOf(request.principal);
        const reach = await reachOfCaller(deps, request);
        const client = await importClient(db, reach, config.providerPrefix, request.body.clientId);
        const { jobId, check } = await startDryRun(db, caller, client, request.body);
        const job = await reachableJob(db, reach, jobId);
        const answer = { job: await jobRecord(db, job), problems: [] };
        inBackground(check(), request.log, 'the dry run', jobId);
        return reply.status(202).send(answer);
      },
    );

    app.get(
      '/UserImport/jobs/:id',
      { schema: { params: ImportJobParamsSchema, response: { 200: ImportJobSchema } } },
      async (request, reply) => {
        const job = await readableJob(request, request.params.id);
        reply.header('cache-control', 'no-store');
        return jobRecord(db, job);
      },
    );

    // The dry run's preview: the job (still `checking`, or `previewed` with its counts) and every failing row.
    app.get(
      '/UserImport/jobs/:id/preview',
      { schema: { params: ImportJobParamsSchema, response: { 200: ImportPreviewSchema } } },
      async (request, reply) => {
        const job = await readableJob(request, request.params.id);
        reply.header('cache-control', 'no-store');
        const problems = job.status === 'checking' ? [] : await jobProblems(db, job.id);
        return { job: await jobRecord(db, job), problems };
      },
    );

    // Answers 202 at once: the rows are applied after the answer, and GET UserImport/jobs/:id shows the progress.
    app.post(
      '/UserImport/jobs/:id/commit',
      { schema: { params: ImportJobParamsSchema, body: ImportCommitSchema, response: { 202: ImportJobSchema } } },
      async (request, reply) => {
        const caller = callerOf(request.principal);
        const reach = await reachOfCaller(deps, request);
        const job = await reachableJob(db, reach, request.params.id);
        if (job.status === 'checking') throw new ProblemError(409, 'conflict', 'This file is still being checked.');
        if (await claimJob(db, caller, job, request.body.mode))
          inBackground(
            applyJob(
              // For the administrator who commits (or resumes): the System Log names them for every person made.
              {
                db,
                directory: directoryOfCaller(deps, request),
                mailer,
                log: request.log,
                systemLog: identity.systemLog,
              },
              caller,
              job.id,
            ),
            request.log,
            'the commit',
            job.id,
          );
        return reply.status(202).send(await jobRecord(db, await reachableJob(db, reach, job.id)));
      },
    );

    // Invites the job's new people instead of creating them (docs/api.md "User import", docs/links.md "Invitations").
    app.post(
      '/UserImport/jobs/:id/invite',
      { schema: { params: ImportJobParamsSchema, body: ImportInviteSchema, response: { 200: ImportInvitedSchema } } },
      async (request) =>
        inviteNewPeople(
          invitationDepsOf(deps),
          { login: actorOf(request), reach: await reachOfCaller(deps, request) },
          request.params.id,
          request.body.culture,
        ),
    );

    app.get(
      '/UserImport/jobs/:id/report',
      { schema: { params: ImportJobParamsSchema }, config: { answer: 'binary' } },
      async (request, reply) => {
        const job = await reachableJob(db, await reachOfCaller(deps, request), request.params.id);
        const name = job.fileName.replace(/\.csv$/i, '').replace(/[^\w .-]/g, '_');
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}_report.csv"`)
          .header('cache-control', 'no-store')
          .send(reportCsv(await rowsOf(db, job.id)));
      },
    );
  },
});
