import { Button, Card, Heading, HStack, Link, Spinner, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { Culture } from '@contracts/culture';
import { selectCulture, selectNotificationsRef, selectSessionRef } from '@machines/app/app.selectors';
import { myAccountMachine } from '@machines/my-account/my-account.machine';
import {
  selectCanConfirm,
  sameEmailAccount,
  selectClosing,
  selectEmailAccount,
  selectIsClosing,
  selectIsConfirming,
  selectIsDownloading,
  selectPassword,
  selectPhase,
  selectRefusal,
} from '@machines/my-account/my-account.selectors';
import type { NotificationsPort, SessionPort } from '@machines/support/ports';
import { closeMyAccount, confirmEmailChange, getMyAccount, getMyData, requestEmailChange } from '../api/my-account';
import { AppActor } from '../app/AppActor';
import { paths } from '../app/routes';
import { FormDialog } from '../ui/form/FormDialog';
import { LabelledField } from '../ui/form/LabelledField';
import { EmailChangeSection, type EmailChangeApi } from './EmailChangeSection';

type MyAccountRef = ActorRefFrom<typeof myAccountMachine>;

/** The calls the page makes; tests give controlled ones. */
export interface MyAccountApi {
  load: typeof getMyAccount;
  data: typeof getMyData;
  close: typeof closeMyAccount;
  /** Hands a text to the browser as a downloaded file. */
  save: (fileName: string, text: string) => void;
  /** Changing one's e-mail (issue 34 item 5). */
  email: EmailChangeApi;
}

/** Hands the export to the browser as one JSON file (the name the server's content-disposition gives it too). */
function saveJsonFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

const realApi: MyAccountApi = {
  load: getMyAccount,
  data: getMyData,
  close: closeMyAccount,
  save: saveJsonFile,
  email: { request: requestEmailChange, confirm: confirmEmailChange },
};

/**
 * My account (issue 34 item 3, docs/flows/my-account.md): `/board/myAccount`, linked from Edit Profile. "Download my
 * data" and, when the person's client allows it, "Close my account". The view renders the machine's state only.
 */
export function MyAccountPage({ api = realApi }: { api?: MyAccountApi }) {
  const notifications = AppActor.useSelector(selectNotificationsRef);
  const session = AppActor.useSelector(selectSessionRef);
  const culture = AppActor.useSelector(selectCulture);
  return notifications && session ? (
    <MyAccountScreen api={api} ports={{ notifications, session }} culture={culture} />
  ) : null;
}

export function MyAccountScreen({
  api,
  ports,
  culture,
}: {
  api: MyAccountApi;
  ports: { notifications: NotificationsPort; session: SessionPort };
  culture: Culture;
}) {
  const { t } = useLingui();
  const account = useActorRef(
    myAccountMachine.provide({
      actors: {
        loadAccount: fromPromise(({ signal }) => api.load({ signal })),
        downloadData: fromPromise(async ({ signal }) => {
          api.save('my-gatehouse-data.json', await api.data({ signal }));
          return undefined;
        }),
        closeAccount: fromPromise(async ({ input, signal }) => {
          await api.close(input, { signal });
          return undefined;
        }),
      },
    }),
    { input: { culture, ports } },
  );
  const phase = useSelector(account, selectPhase);
  return (
    <Stack gap="6" maxWidth="2xl" width="full" marginX="auto">
      <Heading as="h1" size="2xl">
        {t({ id: 'MyAccount_Text_Title', message: 'My account' })}
      </Heading>
      {phase === 'loading' || phase === 'closed' ? <Spinner alignSelf="center" /> : null}
      {phase === 'loadFailed' ? (
        <Card.Root role="alert">
          <Card.Body gap="3">
            <Text>{t({ id: 'MyAccount_Text_LoadFailed', message: 'Your account could not be read.' })}</Text>
            <HStack>
              <Button
                size="sm"
                onClick={() => {
                  account.send({ type: 'retry' });
                }}
              >
                {t({ id: 'MyAccount_Button_Retry', message: 'Try again' })}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : null}
      {phase === 'ready' ? (
        <>
          <EmailSection account={account} api={api.email} notifications={ports.notifications} />
          <AccountSections account={account} />
        </>
      ) : null}
      <Link href={paths.editProfile({ redirectUrl: paths.boardIndex() })} color="brand">
        {t({ id: 'MyAccount_Link_EditProfile', message: 'Back to my profile' })}
      </Link>
    </Stack>
  );
}

/** The e-mail section, a flow of its own (machines/email-change) started from the address the account read gave. */
function EmailSection({
  account,
  api,
  notifications,
}: {
  account: MyAccountRef;
  api: EmailChangeApi;
  notifications: NotificationsPort;
}) {
  const emailAccount = useSelector(account, selectEmailAccount, sameEmailAccount);
  return emailAccount === undefined ? null : (
    <EmailChangeSection api={api} input={{ ...emailAccount, ports: { notifications } }} />
  );
}

function AccountSections({ account }: { account: MyAccountRef }) {
  const { t } = useLingui();
  const downloading = useSelector(account, selectIsDownloading);
  const closing = useSelector(account, selectClosing);
  const confirming = useSelector(account, selectIsConfirming);
  return (
    <>
      <Stack as="section" gap="3" aria-labelledby="my-data-heading">
        <Heading as="h2" size="lg" id="my-data-heading">
          {t({ id: 'MyAccount_Text_DataTitle', message: 'My data' })}
        </Heading>
        <Text>
          {t({
            id: 'MyAccount_Text_DataIntro',
            message:
              'One JSON file with your profile, your applications and roles, the sign-in factors you enrolled (never their secrets), your sessions, your invitations and your own sign-in history.',
          })}
        </Text>
        <HStack>
          <Button
            aria-busy={downloading}
            disabled={downloading}
            onClick={() => {
              account.send({ type: 'download' });
            }}
          >
            {downloading ? <Spinner size="xs" /> : null}
            {t({ id: 'MyAccount_Button_Download', message: 'Download my data' })}
          </Button>
        </HStack>
      </Stack>
      {closing === 'hidden' ? null : (
        <Stack as="section" gap="3" aria-labelledby="close-account-heading">
          <Heading as="h2" size="lg" id="close-account-heading">
            {t({ id: 'MyAccount_Text_CloseTitle', message: 'Close my account' })}
          </Heading>
          {closing === 'sso' ? (
            <Text>
              {t({
                id: 'MyAccount_Text_CloseSso',
                message: 'You sign in through your organisation: your organisation closes your account.',
              })}
            </Text>
          ) : (
            <>
              <Text>
                {t({
                  id: 'MyAccount_Text_CloseIntro',
                  message:
                    'Closing your account removes your profile, your sign-in factors and your tokens for good, and signs you out everywhere. It cannot be undone.',
                })}
              </Text>
              <HStack>
                <Button
                  colorPalette="red"
                  variant="outline"
                  onClick={() => {
                    account.send({ type: 'close.start' });
                  }}
                >
                  {t({ id: 'MyAccount_Button_Close', message: 'Close my account' })}
                </Button>
              </HStack>
            </>
          )}
        </Stack>
      )}
      {confirming ? <CloseDialog account={account} /> : null}
    </>
  );
}

function CloseDialog({ account }: { account: MyAccountRef }) {
  const { t } = useLingui();
  const password = useSelector(account, selectPassword);
  const refusal = useSelector(account, selectRefusal);
  const canConfirm = useSelector(account, selectCanConfirm);
  const closing = useSelector(account, selectIsClosing);
  return (
    <FormDialog
      title={t({ id: 'MyAccount_Text_ConfirmTitle', message: 'Close your account for good?' })}
      submits
      content={{ width: '520px', maxWidth: '100%' }}
      cancelText={t({ id: 'MyAccount_Button_Cancel', message: 'Cancel' })}
      saveText={t({ id: 'MyAccount_Button_ConfirmClose', message: 'Close my account' })}
      saveColorPalette="red"
      saving={closing}
      canSave={canConfirm}
      onCancel={() => {
        account.send({ type: 'close.cancel' });
      }}
      onSave={() => {
        account.send({ type: 'close.confirm' });
      }}
    >
      <Stack gap="4">
        <Text>
          {t({
            id: 'MyAccount_Text_ConfirmIntro',
            message: 'Type your password to confirm that it is you. Everything of yours goes, and cannot come back.',
          })}
        </Text>
        <LabelledField
          label={t({ id: 'MyAccount_Field_Password', message: 'Your password' })}
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(value) => {
            account.send({ type: 'password.change', value });
          }}
          message={
            refusal === 'wrongPassword'
              ? t({ id: 'MyAccount_Text_WrongPassword', message: 'The password is not right.' })
              : undefined
          }
        />
      </Stack>
    </FormDialog>
  );
}
