import { Button, chakra, Heading, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useActorRef, useSelector } from '@xstate/react';
import { useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Culture } from '@contracts/culture';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import type { GridPort, InvitationsPort } from '@machines/support/ports';
import {
  selectClientId,
  selectClients,
  selectMayChooseClient,
  selectMayUseButtons,
  selectRefusal,
  selectStep,
} from '@machines/user-import/user-import.selectors';
import { labels } from '@src/i18n/admin-labels';
import { ClientOptions } from '../../shared/ClientOptions';
import { ImportCommitSection } from './ImportCommitSection';
import { ImportEventButton } from './ImportEventButton';
import { ImportHistory } from './ImportHistory';
import { ImportInviteDialog } from './ImportInviteDialog';
import { ImportInvitedSection } from './ImportInvitedSection';
import { ImportPreviewSection } from './ImportPreviewSection';
import { wireUserImport } from './wiring';
import { withValues } from '@src/i18n/with-values';

type ImportLogic = ReturnType<typeof wireUserImport>;
export type ImportRef = ActorRefFrom<ImportLogic>;

/**
 * Manage Import Users (admin-and-board §2): the client select, Download template and Upload file, then the dry run's
 * preview, the commit's progress and its outcome, or the invitation of its new people. A thin view of the import flow (machines/user-import); the
 * manage-users page mounts it with the notifications singleton.
 */
export function ImportUsersPanel({
  notifications,
  invitations,
  grid,
  culture,
  logic = wireUserImport(),
}: {
  notifications: NotificationsRef;
  /** The invitations panel, told when the import's new people were invited. */
  invitations: InvitationsPort;
  /** The users grid, told to read its page again once a commit ends. */
  grid: GridPort;
  /** The administrator's language (invitations of rows without a Culture cell). */
  culture: Culture;
  /** The flow with its calls; tests give controlled ones. */
  logic?: ImportLogic;
}) {
  const importRef = useActorRef(logic, { input: { culture, ports: { notifications, invitations, grid } } });
  return <ImportUsersView importRef={importRef} />;
}

export function ImportUsersView({ importRef }: { importRef: ImportRef }) {
  const { i18n } = useLingui();
  const step = useSelector(importRef, selectStep);
  const clients = useSelector(importRef, selectClients);
  const clientId = useSelector(importRef, selectClientId);
  const mayChoose = useSelector(importRef, selectMayChooseClient);
  const mayUseButtons = useSelector(importRef, selectMayUseButtons);
  const refusal = useSelector(importRef, selectRefusal);
  const fileInput = useRef<HTMLInputElement>(null);
  return (
    <Stack as="section" aria-labelledby="import-users-title" gap="4" data-testid="import-users" data-step={step}>
      <Heading as="h2" size="lg" id="import-users-title">
        {i18n._(labels.Import_Text_Title)}
      </Heading>
      <HStack gap="3" align="end" wrap="wrap">
        <Stack gap="1" minWidth="64">
          <chakra.label htmlFor="import-client" fontWeight="medium">
            {i18n._(labels.Import_Field_Client)}
          </chakra.label>
          <NativeSelect.Root disabled={!mayChoose}>
            <NativeSelect.Field
              id="import-client"
              value={clientId ?? ''}
              onChange={(event) => {
                importRef.send({ type: 'client.select', clientId: event.currentTarget.value });
              }}
            >
              <option value="" disabled>
                {i18n._(labels.Import_Text_ChooseClient)}
              </option>
              <ClientOptions clients={clients} />
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Stack>
        <Button
          variant="outline"
          disabled={!mayUseButtons}
          onClick={() => {
            importRef.send({ type: 'template.download' });
          }}
        >
          {i18n._(labels.Import_Button_DownloadTemplate)}
        </Button>
        <Button
          disabled={!mayUseButtons}
          onClick={() => {
            fileInput.current?.click();
          }}
        >
          {i18n._(labels.Import_Button_Upload)}
        </Button>
        {/* The content decides what the file is (the server sniffs it); `accept` only helps the picker. */}
        <chakra.input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv"
          display="none"
          aria-label={i18n._(labels.Import_Button_Upload)}
          disabled={!mayUseButtons}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file !== undefined) importRef.send({ type: 'file.choose', file });
          }}
        />
      </HStack>
      {step === 'loadingRoles' ? <Text color="fg.muted">{i18n._(labels.Import_Text_LoadingRoles)}</Text> : null}
      {step === 'uploading' ? <Text color="fg.muted">{i18n._(labels.Import_Text_Uploading)}</Text> : null}
      {refusal === null ? null : (
        <Text role="alert" color="fg.error">
          {refusal.kind === 'tooLarge'
            ? i18n._(withValues(labels.Import_Error_FileTooLarge, { fileName: refusal.fileName }))
            : refusal.message}
        </Text>
      )}
      {step === 'preview' || step === 'inviting' ? <ImportPreviewSection importRef={importRef} /> : null}
      <ImportInviteDialog importRef={importRef} />
      {step === 'invited' ? <ImportInvitedSection importRef={importRef} /> : null}
      {step === 'committing' || step === 'done' ? <ImportCommitSection importRef={importRef} /> : null}
      {step === 'failed' ? (
        <HStack>
          <Text role="alert">{i18n._(labels.Import_Text_Failed)}</Text>
          <ImportEventButton importRef={importRef} event={{ type: 'import.again' }} variant="outline">
            {i18n._(labels.Import_Button_Again)}
          </ImportEventButton>
        </HStack>
      ) : null}
      <ImportHistory importRef={importRef} />
    </Stack>
  );
}
