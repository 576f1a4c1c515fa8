import { Button, Field, Heading, HStack, Input, Stack, Switch, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import { selectEditModeRef, selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import { clearCacheMachine } from '@machines/edit-mode/clear-cache.machine';
import type { editModeMachine } from '@machines/edit-mode/edit-mode.machine';
import { selectIsClearing } from '@machines/edit-mode/clear-cache.selectors';
import { isPickableKey, selectIsEditModeOn } from '@machines/edit-mode/edit-mode.selectors';
import type { EditTarget } from '@machines/label-editor/label-editor.types';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectMayEditResources } from '@machines/session/session.selectors';
import { getDashboardFigures } from '../../api/admin/dashboard';
import { clearResourceCache } from '../../api/admin/resources-edit';
import { AppActor } from '../../app/AppActor';
import { labels } from '@src/i18n/admin-labels';
import { messageToLabelValue } from '../../i18n/overrides';
import { EDIT_IGNORE_ATTRIBUTE } from './edit-mode/ignore-attribute';
import { DashboardFiguresPanel } from './figures/DashboardFiguresPanel';

type EditModeRef = ActorRefFrom<typeof editModeMachine>;

/**
 * The dashboard (admin-and-board §2 "Dashboard"; issue 13): what is happening (sign-ins, people, changes, errors: the
 * provider administrator's of every client, a client administrator's of their own), then the Edit Mode toggle and
 * the clear-cache action, for administrators within their reach (the server scopes both: a client administrator edits
 * and clears their own client's texts only). Anyone else reads why they see neither.
 */
export function DashboardPage({
  clearCache = clearResourceCache,
  loadFigures = getDashboardFigures,
}: {
  /** POST resource/ClearResourceCache; tests give a controlled call. */
  clearCache?: typeof clearResourceCache;
  /** GET Dashboard/Figures; tests give a controlled call. */
  loadFigures?: typeof getDashboardFigures;
}) {
  const { i18n } = useLingui();
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const notificationsRef = AppActor.useSelector(selectNotificationsRef);
  return (
    <Stack gap="8" maxWidth="6xl">
      <Heading as="h1" size="2xl">
        {i18n._(labels.Dashboard_Text_Title)}
      </Heading>
      {notificationsRef ? <DashboardFiguresPanel notifications={notificationsRef} loadFigures={loadFigures} /> : null}
      {sessionRef ? (
        <Stack gap="6" maxWidth="3xl">
          <DashboardTools sessionRef={sessionRef} clearCache={clearCache} />
        </Stack>
      ) : null}
    </Stack>
  );
}

function DashboardTools({
  sessionRef,
  clearCache,
}: {
  sessionRef: ActorRefFrom<typeof sessionMachine>;
  clearCache: typeof clearResourceCache;
}) {
  const { i18n } = useLingui();
  const mayEdit = useSelector(sessionRef, selectMayEditResources);
  // The root's Edit Mode flow: one per tab, it outlives this page (docs/flows/edit-mode.md "Where it lives").
  const editModeRef = AppActor.useSelector(selectEditModeRef);
  if (!mayEdit) return <Text color="fg.muted">{i18n._(labels.Dashboard_Text_AdministratorsOnly)}</Text>;
  return (
    <>
      {editModeRef ? <EditModeControls editMode={editModeRef} /> : null}
      <ClearCacheButton clearCache={clearCache} />
    </>
  );
}

function EditModeControls({ editMode }: { editMode: EditModeRef }) {
  const { i18n } = useLingui();
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
              const shownText = messageToLabelValue(i18n.messages[target.key]) ?? '';
              editMode.send({ type: 'text.pick', pick: { target, shownText } });
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
