import {
  Badge,
  Button,
  Card,
  Field,
  Heading,
  HStack,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  Textarea,
} from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { selectLauncherRef } from '@machines/app/app.selectors';
import type { launcherMachine } from '@machines/launcher/launcher.machine';
import {
  selectAccessOffer,
  selectAskForm,
  selectCards,
  selectHasFailed,
  selectIsDeciding,
} from '@machines/launcher/launcher.selectors';
import { ACCESS_REQUEST_OPEN_LIMIT, ACCESS_REQUEST_REASON_MAX } from '@contracts/access-requests';
import type { ProfileApplication } from '@contracts/profile';
import { AppActor } from '../app/AppActor';
import { labels } from '../i18n/labels';
import { ApplicationIcon } from './application-icon';

/**
 * The board launcher (/board/index): a loader until the launcher decides, then cards two per row. A card of an
 * application the person holds no role in offers "Request access" (issue 34 item 4), which opens the request form.
 */
export function LauncherPage() {
  const launcherRef = AppActor.useSelector(selectLauncherRef);
  return launcherRef ? <Launcher launcherRef={launcherRef} /> : null;
}

function Launcher({ launcherRef }: { launcherRef: ActorRefFrom<typeof launcherMachine> }) {
  const { i18n, t } = useLingui();
  const deciding = useSelector(launcherRef, selectIsDeciding);
  const cards = useSelector(launcherRef, selectCards);
  const failed = useSelector(launcherRef, selectHasFailed);
  if (deciding) {
    return (
      <Stack align="center" py="12" role="status">
        <Spinner size="xl" color="brand" />
        <Text>{i18n._(labels.Global_Text_Loading)}</Text>
      </Stack>
    );
  }
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t({ id: 'Board_Text_Title', message: 'My applications' })}
      </Heading>
      {failed ? (
        <Text color="fg.error" role="alert">
          {t({ id: 'Board_Text_LoadFailed', message: 'Your applications could not be loaded.' })}
        </Text>
      ) : null}
      <SimpleGrid columns={2} gap="4">
        {cards.map((application) => (
          <Stack key={application.id} gap="2">
            <Card.Root
              as="button"
              data-application-card=""
              cursor="pointer"
              textAlign="center"
              _hover={{ shadow: 'md' }}
              onClick={() => {
                launcherRef.send({ type: 'application.open', applicationId: application.id });
              }}
            >
              <Card.Body alignItems="center" gap="3">
                <ApplicationIcon identifier={application.iconIdentifier} />
                <Text fontWeight="semibold">{application.name}</Text>
              </Card.Body>
            </Card.Root>
            <AccessOffer launcherRef={launcherRef} application={application} />
          </Stack>
        ))}
      </SimpleGrid>
      <AskForm launcherRef={launcherRef} />
    </Stack>
  );
}

type LauncherRef = ActorRefFrom<typeof launcherMachine>;

/** Under a card the person holds no role in: "Request access", or "Requested" while their request is open. */
function AccessOffer({ launcherRef, application }: { launcherRef: LauncherRef; application: ProfileApplication }) {
  const { t } = useLingui();
  const offer = useSelector(launcherRef, selectAccessOffer(application.id));
  if (offer === 'none') return null;
  if (offer === 'requested')
    return (
      <Badge alignSelf="center" colorPalette="gray" data-testid={`requested-${application.id}`}>
        {t({ id: 'Board_Text_Requested', message: 'Requested' })}
      </Badge>
    );
  return (
    <Button
      size="sm"
      variant="outline"
      alignSelf="center"
      aria-label={t({ id: 'Board_Button_RequestAccessTo', message: `Request access to ${application.name}` })}
      onClick={() => {
        launcherRef.send({ type: 'access.ask', applicationId: application.id });
      }}
    >
      {t({ id: 'Board_Button_RequestAccess', message: 'Request access' })}
    </Button>
  );
}

/** The request form: the application asked for, an optional reason, Send and Cancel, and why a send was refused. */
function AskForm({ launcherRef }: { launcherRef: LauncherRef }) {
  const { t } = useLingui();
  const form = useSelector(launcherRef, selectAskForm);
  if (form === undefined) return null;
  const name = form.name;
  const limit = ACCESS_REQUEST_OPEN_LIMIT;
  return (
    <Stack
      as="form"
      aria-label={t({ id: 'Board_Text_RequestTitle', message: `Request access to ${name}` })}
      gap="3"
      borderWidth="1px"
      borderRadius="md"
      padding="4"
      onSubmit={(event) => {
        event.preventDefault();
        launcherRef.send({ type: 'access.send' });
      }}
    >
      <Heading as="h2" size="md">
        {t({ id: 'Board_Text_RequestTitle', message: `Request access to ${name}` })}
      </Heading>
      <Field.Root>
        <Field.Label>{t({ id: 'Board_Field_RequestReason', message: 'Why do you need it? (optional)' })}</Field.Label>
        <Textarea
          value={form.reason}
          maxLength={ACCESS_REQUEST_REASON_MAX}
          onChange={(event) => {
            launcherRef.send({ type: 'access.reason', reason: event.target.value });
          }}
        />
        <Field.HelperText>
          {t({
            id: 'Board_Text_RequestReasonLength',
            message: `${String(form.reason.length)} of ${String(ACCESS_REQUEST_REASON_MAX)} characters`,
          })}
        </Field.HelperText>
      </Field.Root>
      {form.problem === 'limit' ? (
        <Text color="fg.error" role="alert">
          {t({
            id: 'Board_Error_RequestLimit',
            message: `You already have ${String(limit)} requests waiting for a decision. Ask again once one is decided.`,
          })}
        </Text>
      ) : form.problem === 'failed' ? (
        <Text color="fg.error" role="alert">
          {t({ id: 'Board_Error_RequestFailed', message: 'Your request could not be sent. Try again.' })}
        </Text>
      ) : null}
      <HStack gap="3">
        <Button type="submit" colorPalette="brand" loading={form.sending}>
          {t({ id: 'Board_Button_SendRequest', message: 'Send request' })}
        </Button>
        <Button
          variant="ghost"
          disabled={form.sending}
          onClick={() => {
            launcherRef.send({ type: 'access.cancel' });
          }}
        >
          {t({ id: 'Board_Button_CancelRequest', message: 'Cancel' })}
        </Button>
      </HStack>
    </Stack>
  );
}
