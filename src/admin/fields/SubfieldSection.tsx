import { Button, Fieldset, HStack, IconButton, Stack, Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { fieldDialogMachine } from '@machines/field-dialog/field-dialog.machine';
import {
  selectCanAddSubfield,
  selectIsEditable,
  selectSubDraft,
  selectSubfields,
} from '@machines/field-dialog/field-dialog.selectors';
import type { SubFieldInput } from '@machines/field-dialog/field-draft';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { LabelledField } from '../../ui/form/LabelledField';

const subInputLabels = {
  subDictionaryName: labels.Field_Field_SubDictionaryName,
  subDefaultValue: labels.Field_Field_SubDefaultValue,
  subCssField: labels.Field_Field_SubCssField,
} satisfies Record<SubFieldInput, unknown>;

/** The options of a radio button group or a select: added and removed here, saved with the field (spec §4). */
export function SubfieldSection({ dialogRef }: { dialogRef: ActorRefFrom<typeof fieldDialogMachine> }) {
  const { i18n } = useLingui();
  const subfields = useSelector(dialogRef, selectSubfields);
  const subDraft = useSelector(dialogRef, selectSubDraft);
  const canAdd = useSelector(dialogRef, selectCanAddSubfield);
  const editable = useSelector(dialogRef, selectIsEditable);
  return (
    <Fieldset.Root>
      <Fieldset.Legend>{i18n._(labels.Field_Text_SubFields)}</Fieldset.Legend>
      <Stack gap="3">
        {subfields.length === 0 ? (
          <Text color="fg.muted">{i18n._(labels.Field_Text_NoSubFields)}</Text>
        ) : (
          <Table.Root size="sm" aria-label={i18n._(labels.Field_Text_SubFields)}>
            <Table.Body>
              {subfields.map((sub, index) => (
                <Table.Row key={sub.subDictionaryName}>
                  <Table.Cell>{sub.subDictionaryName}</Table.Cell>
                  <Table.Cell>{sub.subDefaultValue}</Table.Cell>
                  <Table.Cell>{sub.subCssField}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <IconButton
                      size="xs"
                      variant="ghost"
                      disabled={!editable}
                      aria-label={i18n._(
                        withValues(labels.Field_Button_RemoveSubField, { subFieldName: sub.subDictionaryName }),
                      )}
                      onClick={() => {
                        dialogRef.send({ type: 'edit', changes: { type: 'subfield.remove', index } });
                      }}
                    >
                      ×
                    </IconButton>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
        <HStack align="end">
          {(Object.keys(subInputLabels) as SubFieldInput[]).map((input) => (
            <LabelledField
              key={input}
              label={i18n._(subInputLabels[input])}
              value={subDraft[input]}
              disabled={!editable}
              onChange={(value) => {
                dialogRef.send({ type: 'edit', changes: { type: 'subfield.edit', input, value } });
              }}
            />
          ))}
          <Button
            flexShrink={0}
            disabled={!canAdd}
            onClick={() => {
              dialogRef.send({ type: 'edit', changes: { type: 'subfield.add' } });
            }}
          >
            {i18n._(labels.Field_Button_AddSubField)}
          </Button>
        </HStack>
      </Stack>
    </Fieldset.Root>
  );
}
