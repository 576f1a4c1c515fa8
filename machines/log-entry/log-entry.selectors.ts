import type { MachineSnapshot } from 'xstate';
import type { LogEntryContext } from './log-entry.machine';

// Any snapshot whose context is a log entry's: the selectors need nothing else of the machine's types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type EntrySnapshot<Entry> = MachineSnapshot<LogEntryContext<Entry>, any, any, any, any, any, any, any>;

/** The entry read, once it is shown. */
export const selectEntry = <Entry>(s: EntrySnapshot<Entry>): Entry | undefined =>
  s.matches('showing') ? s.context.entry : undefined;
export const selectIsLoading = <Entry>(s: EntrySnapshot<Entry>): boolean => s.hasTag('busy');
export const selectHasFailed = <Entry>(s: EntrySnapshot<Entry>): boolean => s.matches('failed');
