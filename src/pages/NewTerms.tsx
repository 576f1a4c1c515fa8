import { Button, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { termsAcceptanceMachine } from '@machines/terms-acceptance/terms-acceptance.machine';
import {
  selectHasFailed,
  selectIsBusy,
  selectPendingTerms,
} from '@machines/terms-acceptance/terms-acceptance.selectors';
import { TermsDocument } from '../ui/TermsDocument';
import { BusySpinner } from '../ui/BusySpinner';

/**
 * The post-sign-in "new terms" stop (issue 34 item 2; docs/flows/terms-acceptance.md): the client's terms of use and
 * privacy notice the person has not accepted yet, with Accept and Decline. It renders the flow's state only.
 */
export function NewTerms({ termsRef }: { termsRef: ActorRefFrom<typeof termsAcceptanceMachine> }) {
  const { t } = useLingui();
  const terms = useSelector(termsRef, selectPendingTerms);
  const busy = useSelector(termsRef, selectIsBusy);
  const failed = useSelector(termsRef, selectHasFailed);
  const decline = (
    <Button
      variant="outline"
      disabled={busy}
      onClick={() => {
        termsRef.send({ type: 'terms.decline' });
      }}
    >
      {t({ id: 'Terms_Button_Decline', message: 'Decline and sign out' })}
    </Button>
  );
  return (
    <Stack gap="4" width="full" textAlign="start" data-testid="new-terms">
      {busy && !terms ? <BusySpinner size="lg" color="brand" /> : null}
      {terms ? (
        <>
          <Heading as="h2" size="lg">
            {t({ id: 'Terms_Text_Title', message: 'New terms of use' })}
          </Heading>
          <Text>
            {t({
              id: 'Terms_Text_Intro',
              message:
                'The terms of use and the privacy notice have changed since you last accepted them. Read them, then accept them to continue.',
            })}
          </Text>
          <TermsDocument
            title={t({ id: 'SignUp_Text_TermsOfUse', message: 'Terms of use' })}
            html={terms.termsHtml}
            open
          />
          <TermsDocument
            title={t({ id: 'SignUp_Text_PrivacyNotice', message: 'Privacy notice' })}
            html={terms.privacyHtml}
            open
          />
          <HStack gap="3" justify="flex-end">
            {decline}
            <Button
              colorPalette="brand"
              loading={busy}
              onClick={() => {
                termsRef.send({ type: 'terms.accept' });
              }}
            >
              {t({ id: 'Terms_Button_Accept', message: 'Accept' })}
            </Button>
          </HStack>
        </>
      ) : null}
      {failed ? (
        <Stack gap="3" align="center">
          <Text color="fg.error" role="alert">
            {t({
              id: 'Terms_Text_Failed',
              message: 'The terms of use could not be checked or your acceptance could not be recorded.',
            })}
          </Text>
          <HStack gap="3">
            {decline}
            <Button
              onClick={() => {
                termsRef.send({ type: 'terms.retry' });
              }}
            >
              {t({ id: 'Shell_Button_Retry', message: 'Retry' })}
            </Button>
          </HStack>
        </Stack>
      ) : null}
    </Stack>
  );
}
