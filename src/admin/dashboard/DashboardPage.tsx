import { Button, Field, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo, useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import { clearCacheMachine } from '@machines/edit-mode/clear-cache.machine';
import type { editModeMachine } from '@machines/edit-mode/edit-mode.machine';
import { selectIsClearing } from '@machines/edit-mode/clear-cache.selectors';
import { isPickableKey, selectIsEditModeOn } from '@machines/edit-mode/edit-mode.selectors';
import type { EditTarget } from '@machines/label-editor/label-editor.types';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectMayEditResources } from '@machines/session/session.selectors';
import { clearResourceCache } from '../../api/admin/resources-edit';
import { AppActor } from '../../app/AppActor';
import { labels } from '../../i18n/labels';
import { messageToLabelValue } from '../../i18n/overrides';
import { pickOf } from './edit-mode/host';
import { EDIT_IGNORE_ATTRIBUTE } from './edit-mode/marked-texts';
import { editModeOf } from './edit-mode/singleton';

type EditModeRef = ActorRefFrom<typeof editModeMachine>;

/**
 * The dashboard (admin-and-board §2 "Dashboard"): the Edit Mode toggle and the clear-cache action, for provider
 * administrators (the server allows resource writes to them alone). Client administrators read why they see neither.
 */
export function DashboardPage({
  editMode: provided,
  clearCache = clearResourceCache,
}: {
  /** Tests start Edit Mode with controlled calls; the app starts the tab's one (src/admin/dashboard/edit-mode/singleton.ts). */
  editMode?: EditModeRef;
  /** POST resource/ClearResourceCache; tests give a controlled call. */
  clearCache?: typeof clearResourceCache;
}) {
  const { i18n } = useLingui();
  const sessionRef = AppActor.useSelector(selectSessionRef);
  return (
    <Stack gap="6" maxWidth="3xl">
      <Heading as="h1" size="2xl">
        {i18n._(labels.Dashboard_Text_Title)}
      </Heading>
      {sessionRef ? <DashboardTools sessionRef={sessionRef} provided={provided} clearCache={clearCache} /> : null}
    </Stack>
  );
}

function DashboardTools({
  sessionRef,
  provided,
  clearCache,
}: {
  sessionRef: ActorRefFrom<typeof sessionMachine>;
  provided: EditModeRef | undefined;
  clearCache: typeof clearResourceCache;
}) {
  const { i18n } = useLingui();
  const mayEdit = useSelector(sessionRef, selectMayEditResources);
  if (!mayEdit) return <Text color="fg.muted">{i18n._(labels.Dashboard_Text_AdministratorsOnly)}</Text>;
  return (
    <>
      <EditModeControls provided={provided} />
      <ClearCacheButton clearCache={clearCache} />
    </>
  );
}

function EditModeControls({ provided }: { provided: EditModeRef | undefined }) {
  const { i18n } = useLingui();
  const app = AppActor.useActorRef();
  // One Edit Mode per tab, started on the first visit of the dashboard; it outlives this page.
  const editMode = useMemo(() => provided ?? editModeOf(app, i18n), [provided, app, i18n]);
  const on = useSelector(editMode, selectIsEditModeOn);
  return (
    <Stack gap="3" {...{ [EDIT_IGNORE_ATTRIBUTE]: '' }}>
      <Switch.Root
        checked={on}
        onCheckedChange={() => {
          editMode.send({ type: 'editMode.toggle' });
        }}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>{i18n._(labels.Dashboard_Button_EditMode)}</Switch.Label>
      </Switch.Root>
      {on ? (
        <>
          <Text color="fg.muted">{i18n._(labels.Dashboard_Text_EditModeHint)}</Text>
          <EditByKey
            onPick={(target) => {
              const shown = messageToLabelValue(i18n.messages[target.key]) ?? '';
              const pick = pickOf(target.key, shown, app.getSnapshot().context);
              editMode.send({ type: 'text.pick', pick: { ...pick, target } });
            }}
          />
        </>
      ) : null}
    </Stack>
  );
}

/** For texts that are on no page the administrator can open while signed in (the login page's, for one). */
function EditByKey({ onPick }: { onPick: (target: EditTarget) => void }) {
  const { i18n } = useLingui();
  // What is being typed is widget state; the pick is the machine's event.
  const [key, setKey] = useState('');
  const valid = isPickableKey(key);
  return (
    <Field.Root>
      <Field.Label>{i18n._(labels.Dashboard_Text_EditByKey)}</Field.Label>
      <HStack>
        <Input
          value={key}
          maxWidth="sm"
          onChange={(event) => {
            setKey(event.currentTarget.value);
          }}
        />
        <Button disabled={!valid} onClick={() => onPick({ kind: 'label', key: key.trim() })}>
          {i18n._(labels.Dashboard_Button_EditLabel)}
        </Button>
        <Button variant="outline" disabled={!valid} onClick={() => onPick({ kind: 'input', key: key.trim() })}>
          {i18n._(labels.Dashboard_Button_EditInput)}
        </Button>
      </HStack>
      <Field.HelperText>{i18n._(labels.Dashboard_Text_KeyHint)}</Field.HelperText>
    </Field.Root>
  );
}

function ClearCacheButton({ clearCache: clear }: { clearCache: typeof clearResourceCache }) {
  const { i18n } = useLingui();
  const app = AppActor.useActorRef();
  const clearCache = useActorRef(
    clearCacheMachine.provide({
      actors: { clearCache: fromPromise(({ signal }) => clear({ signal })) },
      actions: {
        notify: (_, event) => {
          selectNotificationsRef(app.getSnapshot())?.send(event);
        },
      },
    }),
  );
  const clearing = useSelector(clearCache, selectIsClearing);
  return (
    <Button
      alignSelf="start"
      loading={clearing}
      onClick={() => {
        clearCache.send({ type: 'cache.clear' });
      }}
    >
      {i18n._(labels.Dashboard_Button_ClearCache)}
    </Button>
  );
}
