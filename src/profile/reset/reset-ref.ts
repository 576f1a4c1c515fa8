import type { ActorRefFrom } from 'xstate';
import type { passwordResetMachine } from '@machines/password-reset/password-reset.machine';

export type ResetRef = ActorRefFrom<typeof passwordResetMachine>;
