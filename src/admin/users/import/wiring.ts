import { fromPromise } from 'xstate';
import { ApiError } from '@contracts/failures';
import type { ImportRoles } from '@contracts/user-import';
import { userImportMachine } from '@machines/user-import/user-import.machine';
import type { UploadOutcome } from '@machines/user-import/user-import.types';
import {
  commitImport,
  getClientForm,
  getImportJob,
  getImportPreview,
  getImportReport,
  getImportTemplate,
  inviteImport,
  listImportClients,
  listImportJobs,
  uploadImport,
} from '@src/api/user-import';
import { getRoleList } from '@src/api/instance';
import { loadRoleOptions } from '@src/profile/wiring';
import { saveTextFile } from '../../shared/save-file';

/** The import's calls; tests give controlled ones. */
export const userImportApi = {
  listImportClients,
  listImportJobs,
  getClientForm,
  getRoleList,
  getImportTemplate,
  uploadImport,
  commitImport,
  inviteImport,
  getImportJob,
  getImportPreview,
  getImportReport,
};
export type UserImportApi = typeof userImportApi;

/** How long the progress (the dry run's, the commit's) waits between two reads of the job. */
export const PROGRESS_PAUSE_MS = 500;

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      resolve();
    });
  });

/** A file's bytes in base64, as the upload body carries them (spec §3 "fileAsBase64"): the data URL's payload. */
function base64Of(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = typeof reader.result === 'string' ? reader.result : '';
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => {
      reject(reader.error ?? new Error('the file could not be read'));
    };
    reader.readAsDataURL(file);
  });
}

/**
 * The import flow with the real calls. A refusal of the file itself (400: not a CSV, empty, an unknown column; 413:
 * too large) is an answer the flow shows beside the upload button; anything else is a failure it reports.
 */
export function wireUserImport(
  api: UserImportApi = userImportApi,
  save: (fileName: string, text: string) => void = saveTextFile,
  pauseMs = PROGRESS_PAUSE_MS,
) {
  return userImportMachine.provide({
    actors: {
      loadClients: fromPromise(({ signal }) => api.listImportClients({ signal })),
      loadClient: fromPromise(async ({ input, signal }) => {
        const [form, history] = await Promise.all([
          api.getClientForm(input.clientId, { signal }),
          api.listImportJobs(input.clientId, { signal }),
        ]);
        const options = await loadRoleOptions(api, form, signal);
        const roles: ImportRoles = Object.entries(options).map(([applicationId, offered]) => ({
          applicationId,
          roles: offered.map((role) => role.key),
        }));
        return { roles, history };
      }),
      upload: fromPromise(async ({ input, signal }): Promise<UploadOutcome> => {
        const { file } = input;
        try {
          const preview = await api.uploadImport(
            {
              fileName: file.name,
              fileSize: file.size,
              fileType: file.type,
              lastModified: file.lastModified,
              // The chosen file is the browser's File: the machine keeps it as it came (user-import.types ChosenFile).
              fileAsBase64: await base64Of(file as unknown as Blob),
              clientId: input.clientId,
              roles: input.roles,
            },
            { signal },
          );
          return { ok: true, preview };
        } catch (error) {
          if (error instanceof ApiError && (error.status === 400 || error.status === 413))
            return { ok: false, message: error.details[0]?.message ?? error.message };
          throw error;
        }
      }),
      check: fromPromise(async ({ input, signal }) => {
        await pause(pauseMs, signal);
        return api.getImportPreview(input.jobId, { signal });
      }),
      commit: fromPromise(({ input, signal }) => api.commitImport(input.jobId, input.mode, { signal })),
      invite: fromPromise(({ input, signal }) => api.inviteImport(input.jobId, { culture: input.culture }, { signal })),
      watch: fromPromise(async ({ input, signal }) => {
        await pause(pauseMs, signal);
        return api.getImportJob(input.jobId, { signal });
      }),
    },
    actions: {
      // A download the flow does not wait for; one that fails is reported like any failed call.
      downloadTemplate: ({ context }, { clientId }) => {
        api.getImportTemplate(clientId).then(
          (template) => {
            save(template.fileName, template.csv);
          },
          (error: unknown) => {
            context.ports.notifications.send({ type: 'error.report', error, action: 'userImport.template' });
          },
        );
      },
      downloadReport: ({ context }, { jobId, fileName }) => {
        api.getImportReport(jobId).then(
          (csv) => {
            save(`${fileName.replace(/\.csv$/i, '')}_report.csv`, csv);
          },
          (error: unknown) => {
            context.ports.notifications.send({ type: 'error.report', error, action: 'userImport.report' });
          },
        );
      },
    },
  });
}
