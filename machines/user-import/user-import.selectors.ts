import type { SnapshotFrom } from 'xstate';
import {
  importModes,
  type ImportClient,
  type ImportCounts,
  type ImportInvited,
  type ImportJob,
  type ImportMode,
  type ImportProblem,
} from '@contracts/user-import';
import { importableRows, importOutcomes, type ImportOutcome } from './outcome';
import type { Text } from '../support/text';
import type { userImportMachine } from './user-import.machine';
import type { ImportRefusal } from './user-import.types';

type S = SnapshotFrom<typeof userImportMachine>;

/** What the panel shows, one step at a time. */
export type ImportStep =
  | 'choosing'
  | 'loadingRoles'
  | 'ready'
  | 'uploading'
  | 'preview'
  | 'committing'
  | 'done'
  | 'inviting'
  | 'invited'
  | 'failed';

export const selectStep = (s: S): ImportStep => {
  if (s.matches('idle')) return 'choosing';
  if (s.matches('committing')) return 'committing';
  if (s.matches('inviting')) return 'inviting';
  if (s.matches('uploading')) return 'uploading';
  if (s.matches('done')) return 'done';
  return s.value as Exclude<ImportStep, 'choosing' | 'committing' | 'inviting' | 'uploading' | 'done'>;
};

export const selectClients = (s: S): readonly ImportClient[] => s.context.clients;
export const selectClientId = (s: S): string | null => s.context.clientId;

/** The client select takes a choice once the list is there and while nothing runs (spec §4). */
export const selectMayChooseClient = (s: S): boolean => s.context.clients.length > 0 && !s.hasTag('busy');

/** Download template and Upload file: enabled only once the chosen client's roles have loaded (spec §4). */
export const selectMayUseButtons = (s: S): boolean => s.matches('ready');
export const selectIsUploading = (s: S): boolean => s.matches('uploading');
/** The file is up and the server is checking its rows (the dry run's job, followed): how many rows it has. */
export const selectCheckingRows = (s: S): number | null =>
  s.matches({ uploading: 'checking' }) ? (s.context.preview?.job.counts.total ?? 0) : null;

export const selectRefusal = (s: S): ImportRefusal | null => s.context.refusal;

export const selectPreview = (s: S): { counts: ImportCounts; problems: readonly ImportProblem[] } | null =>
  s.context.preview === null ? null : { counts: s.context.preview.job.counts, problems: s.context.preview.problems };

/** The commit's phase: its rows, then the activation mails of the people it created (null when not committing). */
export const selectCommitPhase = (s: S): 'rows' | 'mails' | null => {
  if (s.matches({ committing: 'mailing' })) return 'mails';
  return s.matches('committing') ? 'rows' : null;
};

/**
 * The progress bar (spec issue 10 "rows done / total"): rows with an outcome, of all rows; in the mail phase, the
 * activation mails done, of all due.
 */
export const selectProgress = (s: S): { done: number; total: number } => {
  if (s.matches({ committing: 'mailing' })) return s.context.job?.mails ?? { done: 0, total: 0 };
  const counts = s.context.job?.counts ?? s.context.preview?.job.counts;
  return { done: counts?.done ?? 0, total: counts?.total ?? 0 };
};

export const selectOutcome = (s: S): ImportJob['outcomes'] | null =>
  s.matches('done') ? (s.context.job?.outcomes ?? null) : null;

/** What the commit did, as the panel words it (never "imported successfully" when nobody was); null before the end. */
export const selectOutcomeKind = (s: S): ImportOutcome | null => {
  for (const outcome of importOutcomes) if (s.matches({ done: outcome })) return outcome;
  return null;
};

/** Import is enabled only when a commit in this mode would import someone (issue 29 §4). */
export const selectMayCommit = (s: S, mode: ImportMode): boolean => s.can({ type: 'import.commit', mode });
/** A preview of which no row can be imported in any mode: the panel says so beside the disabled Import. */
export const selectNothingToImport = (s: S): boolean => {
  const counts = s.context.preview?.job.counts;
  return counts !== undefined && importModes.every((mode) => importableRows(counts, mode) === 0);
};

/** The chosen client's import history: who, when, which file, the counts (newest first). */
export const selectHistory = (s: S): readonly ImportJob[] => s.context.history;

/** How many people the preview would create: the ones "Invite the N new people" invites instead. */
export const selectNewPeople = (s: S): number => s.context.preview?.job.counts.new ?? 0;
/** The invite button is offered on a preview with new people. */
export const selectMayInvite = (s: S): boolean => s.can({ type: 'invite.start' });

/** Where inviting is: the confirmation open, the call under way, or failed (Retry); null when not inviting. */
export const selectInviteStep = (s: S): 'confirming' | 'sending' | 'failed' | null => {
  if (s.matches({ inviting: 'confirming' })) return 'confirming';
  if (s.matches({ inviting: 'sending' })) return 'sending';
  if (s.matches({ inviting: 'failed' })) return 'failed';
  return null;
};
export const selectInviteFailure = (s: S): Text | null => s.context.inviteFailure;
/** The summary once the invitations went out. */
export const selectInvited = (s: S): ImportInvited | null => (s.matches('invited') ? s.context.invited : null);
