import { Button, HStack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { closeAccountMachine } from '@machines/user-dialog/close-account.machine';
import {
  selectCloseAsked,
  selectCloseOffered,
  selectIsClosingAccount,
} from '@machines/user-dialog/close-account.selectors';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * "Close account" in the user dialog (issue 34 item 3, docs/flows/user-dialog.md): an administrator closes the person's
 * account, after a question naming them. Renders the dialog's `closeAccount` child; nothing when it offers nothing.
 */
export function CloseAccountControl({
  closeRef,
  name,
}: {
  closeRef: ActorRefFrom<typeof closeAccountMachine> | undefined;
  name: string;
}) {
  return closeRef ? <CloseAccount closeRef={closeRef} name={name} /> : null;
}

function CloseAccount({ closeRef, name }: { closeRef: ActorRefFrom<typeof closeAccountMachine>; name: string }) {
  const { t } = useLingui();
  const offered = useSelector(closeRef, selectCloseOffered);
  const asked = useSelector(closeRef, selectCloseAsked);
  const closing = useSelector(closeRef, selectIsClosingAccount);
  if (!offered) return null;
  return (
    <HStack justify="flex-end" paddingTop="4">
      <Button
        size="sm"
        variant="outline"
        colorPalette="red"
        aria-busy={closing}
        disabled={closing}
        onClick={() => {
          closeRef.send({ type: 'close.ask' });
        }}
      >
        {t({ id: 'Instance_Button_CloseAccount', message: 'Close account' })}
      </Button>
      <ConfirmDialog
        open={asked}
        title={t({
          id: 'Instance_Text_CloseAccountQuestion',
          message: `Close the account of ${name} for good? Their profile, factors and tokens are removed and they are signed out everywhere; a notice is mailed to them.`,
        })}
        confirmLabel={t({ id: 'Instance_Button_ConfirmCloseAccount', message: 'Close the account' })}
        onYes={() => {
          closeRef.send({ type: 'close.confirm' });
        }}
        onNo={() => {
          closeRef.send({ type: 'close.cancel' });
        }}
      />
    </HStack>
  );
}
