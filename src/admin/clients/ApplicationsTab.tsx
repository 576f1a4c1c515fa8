import { Alert, HStack, IconButton, SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { LoadingStatus } from '@src/ui/LoadingStatus';
import { FilePenLine } from 'lucide-react';
import type { ActorRefFrom } from 'xstate';
import type { clientDialogMachine } from '@machines/client-dialog/client-dialog.machine';
import {
  selectApplicationRows,
  selectIsBusy,
  selectIsEditable,
  selectIsUnsaved,
  type ApplicationRow,
} from '@machines/client-dialog/client-dialog.selectors';
import { labels } from '@src/i18n/admin-labels';
import { LabelledField } from '../../ui/form/LabelledField';
import { withValues } from '../../i18n/with-values';

const sameRows = (a: ApplicationRow[] | undefined, b: ApplicationRow[] | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The applications tab: every application in two columns with its active checkbox and edit-template button. */
export function ApplicationsTab({ dialogRef }: { dialogRef: ActorRefFrom<typeof clientDialogMachine> }) {
  const { i18n } = useLingui();
  const unsaved = useSelector(dialogRef, selectIsUnsaved);
  const rows = useSelector(dialogRef, selectApplicationRows, sameRows);
  const busy = useSelector(dialogRef, selectIsBusy);
  const editable = useSelector(dialogRef, selectIsEditable);

  // Before the first save there is nothing to activate; the dialog's warning says why.
  if (unsaved) return null;
  if (rows === undefined) {
    return busy ? (
      <LoadingStatus />
    ) : (
      <Alert.Root status="error">
        <Alert.Indicator />
        <Alert.Title>{i18n._(labels.Client_Text_ApplicationsUnavailable)}</Alert.Title>
      </Alert.Root>
    );
  }
  return (
    <SimpleGrid columns={2} gap="3" data-testid="client-applications">
      {rows.map((row) => (
        <HStack key={row.applicationId} justify="space-between" minHeight="10">
          <LabelledField
            kind="checkbox"
            label={row.applicationName}
            checked={row.active}
            disabled={!editable}
            onChange={(active) => {
              dialogRef.send({
                type: 'edit',
                changes: { kind: 'application', applicationId: row.applicationId, active },
              });
            }}
          />
          {row.hasTemplateButton ? (
            <IconButton
              size="sm"
              variant="ghost"
              disabled={!row.canEditTemplate}
              aria-label={i18n._(
                withValues(labels.Client_Button_EditTemplate, { applicationName: row.applicationName }),
              )}
              onClick={() => {
                dialogRef.send({ type: 'open', key: row.applicationId });
              }}
            >
              <FilePenLine />
            </IconButton>
          ) : null}
        </HStack>
      ))}
    </SimpleGrid>
  );
}
