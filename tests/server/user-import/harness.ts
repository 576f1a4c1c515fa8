import * as v from 'valibot';
import { expect } from 'vitest';
import { ImportJobSchema, ImportPreviewSchema, type ImportJob, type ImportMode } from '@contracts/user-import';
import { applications } from '@server/db/schema';
import type { TestApp } from '../support/app';
import { adminCaller, type Person } from '../admin/harness';

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
    }: {
      as?: Person;
      fileName?: string;
      roles?: { applicationId: string; roles: string[] }[];
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
      },
    });
  };
  const preview = async (...args: Parameters<typeof upload>) => {
    const response = await upload(...args);
    expect(response).toAnswer(201);
    return v.parse(ImportPreviewSchema, response.json());
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
  return { call, upload, preview, commit };
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
