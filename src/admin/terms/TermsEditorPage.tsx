import { HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useLocation } from 'wouter';
import type { TermsVersion } from '@contracts/terms';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import { selectNotificationsRef, selectRouteParams, selectSessionRef } from '@machines/app/app.selectors';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectProfile } from '@machines/session/session.selectors';
import type { termsDialogMachine } from '@machines/terms-editor/terms-dialog.machine';
import { termsSearchColumns } from '@machines/terms-editor/terms-grid';
import { AppActor } from '../../app/AppActor';
import { paths } from '../../app/routes';
import { labels } from '@src/i18n/admin-labels';
import { whenText } from '../logs/log-text';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { ClientChoice } from '../shared/ClientChoice';
import { TermsDialog } from './TermsDialog';
import { wireTermsEditor } from './wiring';

const culturesOf = (row: TermsVersion) => termsSearchColumns.cultures(row);

const termsList: AdminListDefinition<TermsVersion> = {
  title: labels.TermsEditor_Text_Title,
  addLabel: labels.TermsEditor_Button_Add,
  columns: [
    { key: 'number', header: labels.TermsEditor_Field_Number, cell: (row) => row.number },
    {
      key: 'publishedAt',
      header: labels.TermsEditor_Field_PublishedAt,
      cell: (row, i18n) => whenText(row.publishedAt, i18n),
    },
    { key: 'publishedBy', header: labels.TermsEditor_Field_PublishedBy, cell: (row) => row.publishedBy },
    { key: 'cultures', header: labels.TermsEditor_Field_Cultures, cell: culturesOf },
  ],
  filters: [
    { column: 'number', label: labels.TermsEditor_Field_Number },
    { column: 'publishedBy', label: labels.TermsEditor_Field_PublishedBy },
    { column: 'cultures', label: labels.TermsEditor_Field_Cultures },
  ],
  searchColumns: termsSearchColumns,
  rowId: (row) => String(row.number),
  rowName: (row) => String(row.number),
  // A version is read (and published again from) but never changed nor deleted.
  rowActions: 'view',
  deleteTitle: () => labels.TermsEditor_Text_Title,
  exportLabel: labels.TermsEditor_Button_Export,
};

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The terms editor (/termsEditor/:clientId?; issue 34 item 2; docs/flows/terms-editor.md): one client's versions of
 * its terms of use and privacy notice, the publish dialog, and who accepted which version. The client is the address:
 * a client administrator's own (the server refuses any other with 404), a provider administrator's chosen one.
 */
export function TermsEditorPage() {
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const profile = useSelector(sessionRef, (s: SessionSnapshot | undefined) => (s ? selectProfile(s) : undefined));
  const params = AppActor.useSelector(selectRouteParams);
  if (notifications === undefined || profile === undefined) return null;
  const clientId = profile.isAulAdmin ? (params.clientId ?? profile.clientId) : profile.clientId;
  return (
    <>
      {profile.isAulAdmin ? <ClientScope clientId={clientId} /> : null}
      {/* A new client is a new grid: one grid actor per client. */}
      <ScopedTermsScreen key={clientId} clientId={clientId} />
    </>
  );
}

/** One client's grid joined to the API (the parent keys this by the client, so a new client wires a new grid). */
function ScopedTermsScreen({ clientId }: { clientId: string }) {
  const { logic, notifications } = useAdminListLogic(() => wireTermsEditor(clientId));
  return notifications ? <TermsScreen logic={logic} notifications={notifications} /> : null;
}

/** The grid of one client's versions and the publish dialog, given the grid's logic (the page's, or a test's fakes). */
export function TermsScreen({
  logic,
  notifications,
}: {
  logic: ReturnType<typeof wireTermsEditor>;
  notifications: NotificationsRef;
}) {
  return (
    <AdminListScreen
      definition={termsList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof termsDialogMachine>) => <TermsDialog dialogRef={editorRef} />}
    />
  );
}

/** The provider administrator's client select: each choice is a new address. */
function ClientScope({ clientId }: { clientId: string }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  return (
    <HStack gap="4" wrap="wrap" mb="4">
      <ClientChoice
        label={i18n._(labels.TermsEditor_Field_Client)}
        clientId={clientId}
        onChoose={(chosen) => {
          navigate(paths.termsEditor({ clientId: chosen }));
        }}
      />
    </HStack>
  );
}
