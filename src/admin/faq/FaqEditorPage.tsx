import { HStack, NativeSelect } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import { useLocation } from 'wouter';
import type { FaqEntry } from '@contracts/admin/faq';
import { cultures, normaliseCulture } from '@contracts/culture';
import type { NotificationsRef } from '@machines/admin-grid/failure-notice';
import {
  selectCulture,
  selectNotificationsRef,
  selectRouteParams,
  selectSessionRef,
} from '@machines/app/app.selectors';
import type { faqDialogMachine } from '@machines/faq-editor/faq-dialog.machine';
import { faqSearchColumns } from '@machines/faq-editor/faq-grid';
import type { sessionMachine } from '@machines/session/session.machine';
import { selectProfile } from '@machines/session/session.selectors';
import type { FaqScope } from '../../api/admin/faq';
import { AppActor } from '../../app/AppActor';
import { paths, withCulture } from '../../app/routes';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { OnwardLink } from '../../profile/OnwardLink';
import { AdminListScreen, useAdminListLogic, type AdminListDefinition } from '../shared/AdminListPage';
import { ClientChoice } from '../shared/ClientChoice';
import { FaqDialog } from './FaqDialog';
import { wireFaqEditor } from './wiring';

const faqList: AdminListDefinition<FaqEntry> = {
  title: labels.Faq_Text_EditorTitle,
  addLabel: labels.Faq_Button_Add,
  columns: [
    { key: 'part', header: labels.Faq_Field_Part, cell: (row) => row.part },
    { key: 'header', header: labels.Faq_Field_Header, cell: (row) => row.header },
    { key: 'tags', header: labels.Faq_Field_Tags, cell: (row) => row.tags },
    { key: 'order', header: labels.Faq_Field_Order, cell: (row) => row.order },
  ],
  filters: [
    { column: 'part', label: labels.Faq_Field_Part },
    { column: 'header', label: labels.Faq_Field_Header },
    { column: 'tags', label: labels.Faq_Field_Tags },
  ],
  searchColumns: faqSearchColumns,
  rowId: (row) => row.id,
  rowName: (row) => row.header,
  deleteLabel: labels.Faq_Button_ConfirmDelete,
  deleteTitle: (row) => withValues(labels.Faq_Text_DeleteConfirm, { header: row.header }),
};

type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/**
 * The FAQ editor (/faqEditor/:clientId?/:language?; beyond the spec, issue 11; docs/flows/faq-editor.md): the questions
 * of one client in one culture. The scope is the address: a client administrator's own client (the server refuses
 * any other), a provider administrator's chosen one; the culture of the page unless the address names one.
 */
export function FaqEditorPage() {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const pageCulture = AppActor.useSelector(selectCulture);
  const sessionRef = AppActor.useSelector(selectSessionRef);
  const profile = useSelector(sessionRef, (s: SessionSnapshot | undefined) => (s ? selectProfile(s) : undefined));
  const params = AppActor.useSelector(selectRouteParams);
  if (notifications === undefined || profile === undefined) return null;
  const scope: FaqScope = {
    clientId: profile.isAulAdmin ? (params.clientId ?? profile.clientId) : profile.clientId,
    culture: params.language === undefined ? pageCulture : normaliseCulture(params.language),
  };
  return (
    <>
      <ScopeChoice scope={scope} chooseClient={profile.isAulAdmin} />
      {/* A new scope is a new grid: one grid actor per client and culture. */}
      <ScopedFaqScreen key={`${scope.clientId}|${scope.culture}`} scope={scope} />
    </>
  );
}

/** One scope's grid joined to the API (the parent keys this by the scope, so a new scope wires a new grid). */
function ScopedFaqScreen({ scope }: { scope: FaqScope }) {
  const { logic, notifications } = useAdminListLogic(() => wireFaqEditor(scope));
  return notifications ? <FaqScreen logic={logic} notifications={notifications} /> : null;
}

/** The grid of one scope's questions and its dialog, given the grid's logic (the page's, or a walk's fakes). */
export function FaqScreen({
  logic,
  notifications,
}: {
  logic: ReturnType<typeof wireFaqEditor>;
  notifications: NotificationsRef;
}) {
  return (
    <AdminListScreen
      definition={faqList}
      logic={logic}
      notifications={notifications}
      dialog={(editorRef: ActorRefFrom<typeof faqDialogMachine>) => <FaqDialog dialogRef={editorRef} />}
    />
  );
}

/** The scope's selects: the client (provider administrator only) and the culture; each choice is a new address. */
function ScopeChoice({ scope, chooseClient }: { scope: FaqScope; chooseClient: boolean }) {
  const { i18n } = useLingui();
  const [, navigate] = useLocation();
  const go = (next: FaqScope) => {
    navigate(paths.faqEditor({ clientId: next.clientId, language: next.culture }));
  };
  return (
    <HStack gap="4" wrap="wrap" mb="4">
      {chooseClient ? (
        <ClientChoice
          label={i18n._(labels.Faq_Field_Client)}
          clientId={scope.clientId}
          onChoose={(clientId) => {
            go({ ...scope, clientId });
          }}
        />
      ) : null}
      <NativeSelect.Root size="sm" width="40">
        <NativeSelect.Field
          aria-label={i18n._(labels.Faq_Field_Culture)}
          value={scope.culture}
          onChange={(event) => {
            go({ ...scope, culture: normaliseCulture(event.currentTarget.value) });
          }}
        >
          {cultures.map((culture) => (
            <option key={culture} value={culture}>
              {culture}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <OnwardLink href={withCulture(paths.faq({ clientId: scope.clientId }), scope.culture)}>
        {i18n._(labels.Faq_Link_HelpPage)}
      </OnwardLink>
    </HStack>
  );
}
