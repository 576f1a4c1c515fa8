import { Button, HStack, Progress, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ImportOutcome } from '@machines/user-import/outcome';
import {
  selectCommitPhase,
  selectOutcome,
  selectOutcomeKind,
  selectProgress,
} from '@machines/user-import/user-import.selectors';
import { labels } from '@src/i18n/admin-labels';
import type { ImportRef } from './ImportUsersPanel';
import { withValues } from '@src/i18n/with-values';

/** What the commit did, in words (issue 29 §4): "imported successfully" only when people were and no row failed. */
const outcomeText = {
  succeeded: labels.Global_Text_UploadUserSuccessMessage,
  partly: labels.Import_Text_OutcomePartly,
  nothing: labels.Import_Text_OutcomeNothing,
} satisfies Record<ImportOutcome, unknown>;

/**
 * The commit: a progress bar of rows done out of all rows, then of the activation mails sent (the mail phase), then
 * the outcome, the report and the spec's labels.
 */
export function ImportCommitSection({ importRef }: { importRef: ImportRef }) {
  const { i18n } = useLingui();
  const phase = useSelector(importRef, selectCommitPhase);
  const { done, total } = useSelector(importRef, selectProgress);
  const outcome = useSelector(importRef, selectOutcome);
  const kind = useSelector(importRef, selectOutcomeKind);
  return (
    <Stack gap="3" data-testid="import-commit">
      {phase === 'rows' ? <Text>{i18n._(labels.Global_Text_UploadUserMessage)}</Text> : null}
      {phase === 'mails' ? <Text>{i18n._(labels.Import_Text_Mailing)}</Text> : null}
      <Progress.Root
        value={total === 0 ? 0 : done}
        max={Math.max(total, 1)}
        aria-label={i18n._(labels.Import_Text_Title)}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
      <Text data-testid="import-progress">
        {i18n._(
          withValues(phase === 'mails' ? labels.Import_Text_MailProgress : labels.Import_Text_Progress, {
            done: String(done),
            total: String(total),
          }),
        )}
      </Text>
      {outcome === null || kind === null ? null : (
        <>
          <Text role="status" data-outcome={kind} color={kind === 'succeeded' ? undefined : 'fg.error'}>
            {i18n._(outcomeText[kind])}
          </Text>
          <Text data-testid="import-outcome">
            {i18n._(
              withValues(labels.Import_Text_Outcome, {
                created: String(outcome.created),
                updated: String(outcome.updated),
                unchanged: String(outcome.unchanged),
                skipped: String(outcome.skipped),
                failed: String(outcome.failed),
              }),
            )}
          </Text>
          <HStack gap="3">
            <Button
              variant="outline"
              onClick={() => {
                importRef.send({ type: 'report.download' });
              }}
            >
              {i18n._(labels.Import_Button_Report)}
            </Button>
            <Button
              onClick={() => {
                importRef.send({ type: 'import.again' });
              }}
            >
              {i18n._(labels.Import_Button_Again)}
            </Button>
          </HStack>
        </>
      )}
    </Stack>
  );
}
