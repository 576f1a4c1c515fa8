import type { SnapshotFrom } from 'xstate';
import type { EventHook, EventHookDelivery } from '@contracts/admin/event-hooks';
import { hookDraftProblems, type EventHookDraft } from './event-hooks-draft';
import type { EventHookChange, eventHooksMachine } from './event-hooks.machine';

type EventHooksSnapshot = SnapshotFrom<typeof eventHooksMachine>;

/** The hooks to list, the oldest first (as the identity provider orders them). */
export const selectHooks = (s: EventHooksSnapshot): EventHook[] => s.context.hooks;

export const selectIsLoading = (s: EventHooksSnapshot): boolean => s.matches('loading');
export const selectHasFailed = (s: EventHooksSnapshot): boolean => s.matches('failed');

/** New hook is offered only on the list at rest. */
export const selectMayCreate = (s: EventHooksSnapshot): boolean => s.can({ type: 'create.open' });
export const selectIsCreating = (s: EventHooksSnapshot): boolean => s.matches('creating');
export const selectIsSaving = (s: EventHooksSnapshot): boolean => s.matches({ creating: 'saving' });
export const selectDraft = (s: EventHooksSnapshot): EventHookDraft => s.context.draft;
/** The problems the form shows: those of inputs the person has changed, so a form just opened shows no message. */
export const selectShownProblems = (s: EventHooksSnapshot): (keyof EventHookDraft)[] =>
  hookDraftProblems(s.context.draft).filter((input) => s.context.edited.includes(input));
export const selectMaySubmit = (s: EventHooksSnapshot): boolean => s.can({ type: 'create.submit' });

/** The new hook's signing secret, while it is shown; undefined otherwise. */
export const selectShownSecret = (s: EventHooksSnapshot): string | undefined =>
  s.matches('showingSecret') ? s.context.shownSecret : undefined;

/** A row's verify, activate or deactivate is offered when the hook's state allows it and the list is at rest. */
export const selectMayChange = (s: EventHooksSnapshot, id: string, change: EventHookChange): boolean =>
  s.can({ type: `hook.${change}`, id });
/** The hook a change runs for, and which (its row's button is busy). */
export const selectChanging = (s: EventHooksSnapshot): { id: string; change: EventHookChange } | undefined =>
  s.matches('changing') && s.context.chosen !== undefined && s.context.change !== undefined
    ? { id: s.context.chosen.id, change: s.context.change }
    : undefined;

export const selectMayDelete = (s: EventHooksSnapshot, id: string): boolean => s.can({ type: 'delete.ask', id });
/** The hook a delete is asked or running for (the question names it). */
export const selectDeleteAsked = (s: EventHooksSnapshot): EventHook | undefined =>
  s.matches('confirmingDelete') || s.matches('deleting') ? s.context.chosen : undefined;
export const selectIsDeleting = (s: EventHooksSnapshot): boolean => s.matches('deleting');

export const selectMayOpenDeliveries = (s: EventHooksSnapshot, id: string): boolean =>
  s.can({ type: 'deliveries.open', id });
/** The hook whose delivery log is open, if any. */
export const selectDeliveriesOf = (s: EventHooksSnapshot): EventHook | undefined =>
  s.matches('deliveries') ? s.context.chosen : undefined;
export const selectDeliveries = (s: EventHooksSnapshot): EventHookDelivery[] => s.context.deliveries;
export const selectDeliveriesReading = (s: EventHooksSnapshot): boolean => s.matches({ deliveries: 'reading' });
export const selectDeliveriesUnread = (s: EventHooksSnapshot): boolean => s.matches({ deliveries: 'unread' });
