import { Table, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import type { TemplateChange, TemplateRow } from '@machines/template-editor/template-draft';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { TemplateFieldRow } from './TemplateFieldRow';
import { useProgressiveCount } from './use-progressive-count';

/** The rows are plain elements (TemplateFieldRow); their look is set here once instead of per element. */
const rowStyles = {
  '& tbody td': { paddingInline: '2', paddingBlock: '1', borderBottomWidth: '1px', fontSize: 'sm' },
  '& tbody tr[draggable=true]': { cursor: 'grab' },
  '& .row-actions': { display: 'flex', gap: '1', justifyContent: 'flex-end' },
  '& .row-actions button': { paddingInline: '2', borderRadius: 'sm', _hover: { bg: 'bg.muted' } },
  '& .row-actions button:disabled': { opacity: 0.4, cursor: 'not-allowed' },
  '& select[multiple]': { fontSize: 'xs', borderWidth: '1px', borderRadius: 'sm' },
};

/** The template's fields in display order; a large template paints its first 200 rows, then the rest frame by frame. */
export function TemplateFieldTable({
  rows,
  editable,
  send,
}: {
  rows: readonly TemplateRow[];
  editable: boolean;
  send: (change: TemplateChange) => void;
}) {
  const { i18n } = useLingui();
  const shown = useProgressiveCount(rows.length);
  const shownText = String(shown);
  const totalText = String(rows.length);
  if (rows.length === 0) return <Text color="fg.muted">{i18n._(labels.Template_Text_NoFields)}</Text>;
  return (
    <>
      <Table.Root size="sm" aria-label={i18n._(labels.Template_Field_FieldCount)} css={rowStyles}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{i18n._(labels.Template_Field_Field)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Field_Field_DataType)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Template_Field_Mandatory)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Template_Field_Hidden)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Template_Field_AdminField)}</Table.ColumnHeader>
            <Table.ColumnHeader>{i18n._(labels.Template_Field_LockForRoles)}</Table.ColumnHeader>
            <Table.ColumnHeader />
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.slice(0, shown).map((row, index) => (
            <TemplateFieldRow
              key={row.fieldId}
              row={row}
              index={index}
              last={index === rows.length - 1}
              editable={editable}
              send={send}
            />
          ))}
        </Table.Body>
      </Table.Root>
      {shown < rows.length ? (
        <Text role="status" color="fg.muted">
          {i18n._(withValues(labels.Template_Text_Rendering, { shown: shownText, total: totalText }))}
        </Text>
      ) : null}
    </>
  );
}
