import type { ActorRefFrom } from 'xstate';
import type { profileFormMachine } from '@machines/profile-form/profile-form.machine';

/** The running profile form every view of it talks to. */
export type ProfileFormRef = ActorRefFrom<typeof profileFormMachine>;
