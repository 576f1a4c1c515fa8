import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { faqDialogMachine } from '@machines/faq-editor/faq-dialog.machine';
import {
  selectDraft,
  selectInvalidInputs,
  selectIsEditable,
  selectMode,
} from '@machines/faq-editor/faq-dialog.selectors';
import type { FaqInput } from '@machines/faq-editor/faq-draft';
import { labels } from '@src/i18n/admin-labels';
import { EditorFormDialog } from '../../ui/form/EditorFormDialog';
import { LabelledField } from '../../ui/form/LabelledField';
import { HtmlLabel } from '../../ui/HtmlLabel';

type DialogRef = ActorRefFrom<typeof faqDialogMachine>;

const inputLabels = {
  part: labels.Faq_Field_Part,
  section: labels.Faq_Field_Section,
  header: labels.Faq_Field_Header,
  tags: labels.Faq_Field_Tags,
  questionText: labels.Faq_Field_QuestionText,
  order: labels.Faq_Field_Order,
} satisfies Record<FaqInput, unknown>;

const required: ReadonlySet<FaqInput> = new Set(['part', 'header', 'questionText', 'order']);
const sameList = (a: readonly string[], b: readonly string[]) => a.join('\n') === b.join('\n');

/**
 * The FAQ question dialog (docs/flows/faq-editor.md): Part, Section, Header, Tags, Order, the answer as HTML in a
 * textarea and, beside it, the preview as the help page will show it (sanitised by DOMPurify, as on the page).
 */
export function FaqDialog({ dialogRef }: { dialogRef: DialogRef }) {
  const { i18n } = useLingui();
  const mode = useSelector(dialogRef, selectMode);
  const draft = useSelector(dialogRef, selectDraft);
  const invalid = useSelector(dialogRef, selectInvalidInputs, sameList);
  const editable = useSelector(dialogRef, selectIsEditable);

  const field = (input: FaqInput, kind: 'text' | 'textarea' = 'text') => (
    <LabelledField
      key={input}
      kind={kind}
      label={i18n._(inputLabels[input])}
      value={draft[input]}
      required={required.has(input)}
      disabled={!editable}
      message={invalid.includes(input) ? i18n._(labels.Faq_Text_Invalid) : undefined}
      onChange={(value: string) => {
        dialogRef.send({ type: 'edit', changes: { input, value } });
      }}
    />
  );

  return (
    <EditorFormDialog
      dialogRef={dialogRef}
      frame={{ size: 'cover', scrollBehavior: 'inside' }}
      content={{ width: '65%', maxWidth: '65%', height: 'auto' }}
      title={i18n._(mode === 'create' ? labels.Faq_Text_CreateTitle : labels.Faq_Text_UpdateTitle)}
      cancelText={i18n._(labels.Faq_Button_Cancel)}
      saveText={i18n._(labels.Faq_Button_Save)}
      staleText={i18n._(labels.Faq_Text_Stale)}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field('part')}
        {field('section')}
        {field('header')}
        {field('tags')}
        {field('order')}
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
        {field('questionText', 'textarea')}
        <Box as="section" aria-label={i18n._(labels.Faq_Text_Preview)} borderWidth="1px" borderRadius="md" p="3">
          <Text fontWeight="semibold">{i18n._(labels.Faq_Text_Preview)}</Text>
          <HtmlLabel data-testid="faq-preview" html={draft.questionText} />
        </Box>
      </SimpleGrid>
    </EditorFormDialog>
  );
}
