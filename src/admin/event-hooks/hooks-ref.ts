import type { ActorRefFrom } from 'xstate';
import type { eventHooksMachine } from '@machines/event-hooks/event-hooks.machine';

/** The page's machine, as its parts receive it. */
export type EventHooksRef = ActorRefFrom<typeof eventHooksMachine>;
