import type { Culture } from '@contracts/culture';
import type {
  ImportClient,
  ImportInvited,
  ImportJob,
  ImportMode,
  ImportPreview,
  ImportRoles,
} from '@contracts/user-import';
import type { GridPort, InvitationsPort, ReportingPorts } from '../support/ports';
import type { Text } from '../support/text';

/** The file a person chose, as the machine knows it (the wiring reads its bytes; the machine never does). */
export interface ChosenFile {
  name: string;
  size: number;
  type: string;
  lastModified: number;
}

/** Why an upload did not reach a preview: too large (checked here, before any call), or the server's reason. */
export type ImportRefusal = { kind: 'tooLarge'; fileName: string } | { kind: 'refused'; message: string };

/**
 * What the upload actor answers: the dry run started (its job `checking`, or already previewed), or the server's
 * refusal of the file (400, 413).
 */
export type UploadOutcome = { ok: true; preview: ImportPreview } | { ok: false; message: string };

export interface UploadInput {
  clientId: string;
  roles: ImportRoles;
  file: ChosenFile;
}

export interface UserImportInput {
  /**
   * The notifications, the invitations panel (told when an import's people were invited) and the users grid (told to
   * read its page again once a commit ends).
   */
  ports: ReportingPorts & { invitations: InvitationsPort; grid: GridPort };
  /** The administrator's language: the invitations of rows without a Culture cell go out in it. */
  culture: Culture;
}

export interface UserImportContext extends UserImportInput {
  clients: ImportClient[];
  clientId: string | null;
  roles: ImportRoles;
  file: ChosenFile | null;
  refusal: ImportRefusal | null;
  preview: ImportPreview | null;
  /** How the preview is being committed. */
  mode: ImportMode | null;
  /** The job as the commit last reported it (progress, then outcome). */
  job: ImportJob | null;
  /** The client's imports, newest first (a committed one joins it at the top). */
  history: ImportJob[];
  /** What inviting the new people did (the summary). */
  invited: ImportInvited | null;
  /** Why the invitations could not be sent (shown beside Retry). */
  inviteFailure: Text | null;
}

export type UserImportEvent =
  | { type: 'client.select'; clientId: string }
  | { type: 'template.download' }
  | { type: 'file.choose'; file: ChosenFile }
  | { type: 'import.commit'; mode: ImportMode }
  | { type: 'import.discard' }
  | { type: 'report.download' }
  | { type: 'import.again' }
  | { type: 'invite.start' }
  | { type: 'invite.confirm' }
  | { type: 'invite.cancel' }
  | { type: 'invite.retry' };
