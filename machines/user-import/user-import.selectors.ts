import type { SnapshotFrom } from 'xstate';
import type { ImportClient, ImportCounts, ImportJob, ImportProblem } from '@contracts/user-import';
import type { userImportMachine } from './user-import.machine';
import type { ImportRefusal } from './user-import.types';

type S = SnapshotFrom<typeof userImportMachine>;

/** What the panel shows, one step at a time. */
export type ImportStep =
  'choosing' | 'loadingRoles' | 'ready' | 'uploading' | 'preview' | 'committing' | 'done' | 'failed';

export const selectStep = (s: S): ImportStep => {
  if (s.matches('idle')) return 'choosing';
  if (s.matches('committing')) return 'committing';
  return s.value as Exclude<ImportStep, 'choosing' | 'committing'>;
};

export const selectClients = (s: S): readonly ImportClient[] => s.context.clients;
export const selectClientId = (s: S): string | null => s.context.clientId;

/** The client select takes a choice once the list is there and while nothing runs (spec §4). */
export const selectMayChooseClient = (s: S): boolean => s.context.clients.length > 0 && !s.hasTag('busy');

/** Download template and Upload file: enabled only once the chosen client's roles have loaded (spec §4). */
export const selectMayUseButtons = (s: S): boolean => s.matches('ready');
export const selectIsUploading = (s: S): boolean => s.matches('uploading');

export const selectRefusal = (s: S): ImportRefusal | null => s.context.refusal;

export const selectPreview = (s: S): { counts: ImportCounts; problems: readonly ImportProblem[] } | null =>
  s.context.preview === null ? null : { counts: s.context.preview.job.counts, problems: s.context.preview.problems };

/** Rows with an outcome, of all rows: the progress bar (spec issue 10 "rows done / total"). */
export const selectProgress = (s: S): { done: number; total: number } => {
  const counts = s.context.job?.counts ?? s.context.preview?.job.counts;
  return { done: counts?.done ?? 0, total: counts?.total ?? 0 };
};

export const selectOutcome = (s: S): ImportJob['outcomes'] | null =>
  s.matches('done') ? (s.context.job?.outcomes ?? null) : null;

/** The chosen client's import history: who, when, which file, the counts (newest first). */
export const selectHistory = (s: S): readonly ImportJob[] => s.context.history;
