import { and, eq, isNull } from 'drizzle-orm';
import type { Culture } from '@contracts/culture';
import type { Principal } from '../../auth/principal';
import type { Db, Tx } from '../../db/client';
import type { ClientRow, ImportLineRow as Row } from '../../db/rows';
import { importJobRows } from '../../db/schema';
import type { DirectoryPort } from '../../directory/port';
import type { EventRecorder } from '../../idp/events/recorder';
import type { Mailer } from '../../mail/mailer';
import type { ImportRules, RowChange } from './plan';

/** What a commit works with, shared by its parts (`commit.ts`, `new-people.ts`, `activations.ts`). */

export type Outcome = NonNullable<Row['outcome']>;

export interface CommitDeps {
  db: Db;
  directory: DirectoryPort;
  mailer: Mailer;
  log: { warn(fields: Record<string, unknown>, message: string): void };
  /** The embedded IdP's System Log, which hears that an import is done (and so do the event hooks that asked). */
  systemLog: EventRecorder | undefined;
}

/** Identity-provider calls in flight at once (a real Okta org answers across the network; its rate limits). */
export const IN_FLIGHT = 8;

/** What every row of a commit is applied with. */
export interface RowContext {
  caller: Principal;
  client: ClientRow;
  rules: ImportRules;
  allowed: { new: boolean; update: boolean };
  /** A new person's culture: the client's default. */
  culture: Culture;
}

/** A row whose plan is a new person, and the change it makes. */
export interface NewRow {
  row: Row;
  change: RowChange;
}

/** A row's outcome, once: a row that has one keeps it. */
export function setOutcome(db: Db | Tx, row: Row, outcome: Outcome, message: string | null, instanceId?: string) {
  return db
    .update(importJobRows)
    .set({ outcome, outcomeMessage: message, instanceId: instanceId ?? null })
    .where(and(eq(importJobRows.id, row.id), isNull(importJobRows.outcome)));
}

export const names = (change: RowChange) => ({ firstName: change.firstName, lastName: change.lastName });
