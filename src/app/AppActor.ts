import { createActorContext } from '@xstate/react';
import { appMachine } from '@machines/app/app.machine';

/** The root actor's React context: `<AppActor.Provider logic={wireApp(…)} options={{ input }}>` in main.tsx. */
export const AppActor = createActorContext(appMachine);
