import { Box, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { termsDialogMachine } from '@machines/terms-editor/terms-dialog.machine';
import {
  selectDraft,
  selectInvalidInputs,
  selectIsEditable,
  selectNextNumber,
  selectOpenedNumber,
} from '@machines/terms-editor/terms-dialog.selectors';
import { termsInputOf, termsTextKinds, type TermsTextKind } from '@machines/terms-editor/terms-draft';
import { labels } from '@src/i18n/admin-labels';
import { cultureOptions } from '@src/i18n/culture-options';
import { withValues } from '../../i18n/with-values';
import { EditorFormDialog } from '../../ui/form/EditorFormDialog';
import { LabelledField } from '../../ui/form/LabelledField';
import { HtmlLabel } from '../../ui/HtmlLabel';

type DialogRef = ActorRefFrom<typeof termsDialogMachine>;

const kindLabels = {
  termsHtml: labels.TermsEditor_Field_TermsHtml,
  privacyHtml: labels.TermsEditor_Field_PrivacyHtml,
} satisfies Record<TermsTextKind, unknown>;

const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * The publish dialog of the terms editor (docs/flows/terms-editor.md): per culture, the terms of use and the privacy
 * notice as HTML, each beside its preview as sign-up will show it (sanitised by DOMPurify, as on the page; the server
 * cleans it again when it stores it).
 */
export function TermsDialog({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const draft = useSelector(dialogRef, selectDraft);
  const invalid = useSelector(dialogRef, selectInvalidInputs, sameList);
  const editable = useSelector(dialogRef, selectIsEditable);
  const opened = useSelector(dialogRef, selectOpenedNumber);
  const next = String(useSelector(dialogRef, selectNextNumber));
  const title =
    opened === undefined
      ? withValues(labels.TermsEditor_Text_CreateTitle, { number: next })
      : withValues(labels.TermsEditor_Text_FromTitle, { opened: String(opened), number: next });

  return (
    <EditorFormDialog
      dialogRef={dialogRef}
      frame={{ size: 'cover', scrollBehavior: 'inside' }}
      content={{ width: '75%', maxWidth: '75%', height: 'auto' }}
      title={i18n._(title)}
      cancelText={i18n._(labels.TermsEditor_Button_Cancel)}
      saveText={i18n._(labels.TermsEditor_Button_Publish)}
      staleText={i18n._(labels.TermsEditor_Text_Stale)}
      intro={<Text>{i18n._(labels.TermsEditor_Text_Intro)}</Text>}
    >
      {cultureOptions(i18n).map(({ value: culture, label: cultureName }) => (
        <Stack as="section" key={culture} gap="3" aria-label={cultureName}>
          <Heading as="h3" size="sm">
            {cultureName}
          </Heading>
          {termsTextKinds.map((kind) => {
            const name = `${i18n._(kindLabels[kind])} · ${cultureName}`;
            return (
              <SimpleGrid key={kind} columns={{ base: 1, md: 2 }} gap="4">
                <LabelledField
                  kind="textarea"
                  label={name}
                  value={draft[culture][kind]}
                  disabled={!editable}
                  message={
                    invalid.includes(termsInputOf(culture, kind)) ? i18n._(labels.TermsEditor_Text_Invalid) : undefined
                  }
                  onChange={(value: string) => {
                    dialogRef.send({ type: 'edit', changes: { culture, kind, value } });
                  }}
                />
                <Box
                  as="section"
                  aria-label={`${i18n._(labels.TermsEditor_Text_Preview)} · ${name}`}
                  borderWidth="1px"
                  borderRadius="md"
                  p="3"
                >
                  <Text fontWeight="semibold">{i18n._(labels.TermsEditor_Text_Preview)}</Text>
                  <HtmlLabel html={draft[culture][kind]} maxHeight="16rem" overflowY="auto" />
                </Box>
              </SimpleGrid>
            );
          })}
        </Stack>
      ))}
    </EditorFormDialog>
  );
}
