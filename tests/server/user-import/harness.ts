import * as v from 'valibot';
import { afterAll, beforeAll, expect } from 'vitest';
import { ImportJobSchema, ImportPreviewSchema, type ImportJob, type ImportMode } from '@contracts/user-import';
import { sql } from 'drizzle-orm';
import { applications, mailOutbox } from '@server/db/schema';
import type { DirectoryPort } from '@server/directory/port';
import { seedDemoIdentities } from '@server/idp/seed/demo-identities';
import { buildTestApp, type TestApp } from '../support/app';
import type { DatabaseKind } from '../support/database';
import { adminCaller, clientIdOf, type Person } from '../admin/harness';

/** What every import test starts from: the app (demo world), Umbrella's id (the importable demo client), the calls. */
export interface ImportWorld {
  t: TestApp;
  umbrella: string;
  io: ReturnType<typeof importer>;
}

/**
 * The world of a describe block: made before its tests (its fields are set once `beforeAll` has run), disposed after
 * them unless `dispose` is false (a block that must wake a stalled port first disposes it itself).
 */
export function importWorld(
  kind: DatabaseKind,
  options: Parameters<typeof buildTestApp>[1] = {},
  { dispose = true }: { dispose?: boolean } = {},
): ImportWorld {
  const world = {} as ImportWorld;
  beforeAll(async () => {
    world.t = await buildTestApp(kind, options);
    // The demo administrators sign in through the identity provider, which names them as the import's actor.
    await seedDemoIdentities(world.t.database.db);
    world.umbrella = await clientIdOf(world.t, 'umbrella');
    world.io = importer(world.t);
  });
  if (dispose) afterAll(() => world.t.dispose());
  return world;
}

/** The import's calls as the SPA makes them, as one of the demo people. */
export function importer(t: TestApp) {
  const call = adminCaller(t);
  const upload = (
    clientId: string,
    content: string | Buffer,
    {
      as = 'admin',
      fileName = 'people.csv',
      roles = [] as { applicationId: string; roles: string[] }[],
      userEmailId,
    }: {
      as?: Person;
      fileName?: string;
      roles?: { applicationId: string; roles: string[] }[];
      /** The spec's uploader e-mail; left out unless a test sends it. */
      userEmailId?: string;
    } = {},
  ) => {
    const bytes = typeof content === 'string' ? Buffer.from(content, 'utf8') : content;
    return call('POST', 'Instance/uploadtemplate', {
      as,
      body: {
        fileName,
        fileSize: bytes.length,
        fileType: 'text/csv',
        lastModified: 0,
        fileAsBase64: bytes.toString('base64'),
        clientId,
        roles,
        ...(userEmailId === undefined ? {} : { userEmailId }),
      },
    });
  };
  /** Uploads, then follows the dry run's job (the upload answers at once, `checking`) until its preview is there. */
  const preview = async (...args: Parameters<typeof upload>) => {
    const response = await upload(...args);
    expect(response).toAnswer(202);
    const started = v.parse(ImportPreviewSchema, response.json());
    return previewOf(started.job.id, args[2]?.as);
  };
  /** The dry run's preview once its job is no longer `checking`. */
  const previewOf = async (jobId: string, as: Person = 'admin') => {
    for (;;) {
      const read = await call('GET', `UserImport/jobs/${jobId}/preview`, { as });
      expect(read).toAnswer(200);
      const answer = v.parse(ImportPreviewSchema, read.json());
      if (answer.job.status !== 'checking') return answer;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** Commits and waits until every row has its outcome (the commit answers at once and works after). */
  const commit = async (jobId: string, mode: ImportMode, as: Person = 'admin'): Promise<ImportJob> => {
    const started = await call('POST', `UserImport/jobs/${jobId}/commit`, { as, body: { mode } });
    expect(started).toAnswer(202);
    for (;;) {
      const job = v.parse(ImportJobSchema, (await call('GET', `UserImport/jobs/${jobId}`, { as })).json());
      if (job.status === 'committed') return job;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };
  /** The job as the SPA reads it. */
  const job = async (jobId: string, as: Person = 'admin'): Promise<ImportJob> =>
    v.parse(ImportJobSchema, (await call('GET', `UserImport/jobs/${jobId}`, { as })).json());
  return { call, upload, preview, previewOf, commit, job };
}

/** The addresses the outbox holds mails for, of those `like` matches (an SQL pattern). */
export async function mailedTo(t: TestApp, like: string): Promise<string[]> {
  const mails = await t.database.db
    .select({ to: mailOutbox.to })
    .from(mailOutbox)
    .where(sql`${mailOutbox.to} like ${like}`);
  return mails.map((mail) => mail.to);
}

type StallableCall = 'createUser' | 'activate';

/**
 * A process that dies in the middle of a commit, played at the identity provider's port (`wrapDirectory`): the
 * wrapped call does its work, then never answers when `stallsOn` says so for its arguments. `wake` ends the stalled
 * call with an error (the old commit waking up, or the test's end); `stop` lets every later call through.
 */
export function stallingDirectory<K extends StallableCall>(
  method: K,
  stallsOn: (...args: Parameters<DirectoryPort[K]>) => boolean | Promise<boolean>,
) {
  let stopped = false;
  let wake: (error: Error) => void = () => undefined;
  const wrap = (directory: DirectoryPort): DirectoryPort => {
    const real = directory[method] as (...args: Parameters<DirectoryPort[K]>) => Promise<unknown>;
    const stalling = async (...args: Parameters<DirectoryPort[K]>) => {
      const answer = await real.apply(directory, args);
      if (!stopped && (await stallsOn(...args)))
        await new Promise<never>((_resolve, reject) => {
          wake = reject;
        });
      return answer;
    };
    return { ...directory, [method]: stalling };
  };
  return {
    wrap,
    wake: (error: Error) => wake(error),
    stop: () => {
      stopped = true;
    },
  };
}

/** Umbrella's template header (its mandatory fields and the role column). */
export const HEADER =
  'Email,FirstName,LastName,SocialSecurityNumber,PhoneNumber,AddressLine1,City,State,ZipCode,EmployeeNumber,AcceptTerms,Role';
/** A valid row of Umbrella's template; `over` replaces cells by column. */
export function row(email: string, over: Record<string, string> = {}): string {
  const cells: Record<string, string> = {
    Email: email,
    FirstName: 'Ana',
    LastName: 'Lopez',
    SocialSecurityNumber: '123456789',
    PhoneNumber: '(305) 555-0101',
    AddressLine1: '1 Main St',
    City: 'Miami',
    State: 'FL',
    ZipCode: '33101',
    EmployeeNumber: 'UM123456',
    AcceptTerms: 'true',
    Role: 'Member',
    ...over,
  };
  return HEADER.split(',')
    .map((column) => {
      const cell = cells[column] ?? '';
      return /[",\n;]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
    })
    .join(',');
}
/** A file of these rows under Umbrella's header. */
export const file = (...rows: string[]) => [HEADER, ...rows].join('\r\n') + '\r\n';

/** The roles an upload offers, as the import panel sends them: the demo world's two applications and their roles. */
export async function demoImportRoles(t: TestApp): Promise<{ applicationId: string; roles: string[] }[]> {
  const apps = await t.database.db.select().from(applications);
  const idOf = (name: string) => apps.find((app) => app.name === name)?.id ?? '';
  return [
    { applicationId: idOf('Benefits Center'), roles: ['Member', 'Agent', 'Administrator'] },
    { applicationId: idOf('Claims Portal'), roles: ['Viewer', 'Submitter', 'Agent'] },
  ];
}
