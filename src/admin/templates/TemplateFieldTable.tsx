import { Table, Text, useRecipe, type SystemStyleObject } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import type { TemplateChange, TemplateRow } from '@machines/template-editor/template-draft';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';
import { TemplateFieldRow } from './TemplateFieldRow';
import { useProgressiveCount } from './use-progressive-count';

/**
 * The rows are plain elements (TemplateFieldRow); their look is set here once instead of per element. Their boxes wear
 * the design system's checkbox (the checkmark recipe, small and filled) with its focus ring on the transparent input's focus.
 */
const rowStylesWith = (checkmark: SystemStyleObject): SystemStyleObject => ({
  '& .light-checkbox': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1.5',
    position: 'relative',
    cursor: 'pointer',
    fontSize: 'xs',
    whiteSpace: 'nowrap',
  },
  '& .light-checkbox[data-disabled]': { cursor: 'not-allowed' },
  // The native input lies, transparent, over the drawn box: a click or a tap on the box is a click on the input itself
  // (a visually hidden 1 px input leaves the pointer to the drawing, which tools and some assistive pointers miss).
  '& .light-checkbox input': {
    position: 'absolute',
    insetStart: '0',
    top: '50%',
    transform: 'translateY(-50%)',
    boxSize: '4',
    margin: '0',
    opacity: '0',
    cursor: 'inherit',
    zIndex: '1',
  },
  '& .light-checkbox svg.checkmark': checkmark,
  '& .light-checkbox input:focus-visible + svg.checkmark': { focusRing: 'outside' },
  '& .role-picker > button': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '1',
    minHeight: '8',
    paddingInline: '2',
    borderWidth: '1px',
    borderColor: 'border.emphasized',
    borderRadius: 'l2',
    fontSize: 'xs',
    textAlign: 'start',
    _hover: { bg: 'bg.muted' },
    _focusVisible: { focusRing: 'outside' },
  },
  '& .role-picker > button svg': {
    boxSize: '4',
    flexShrink: 0,
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2px',
    transitionProperty: 'transform',
    transitionDuration: 'fast',
  },
  '& .role-picker > button svg[data-open]': { transform: 'rotate(180deg)' },
  '& .role-choices': { display: 'flex', flexDirection: 'column', gap: '1', paddingBlock: '1.5', paddingInline: '1' },
  '& tbody td': { paddingInline: '2', paddingBlock: '1', borderBottomWidth: '1px', fontSize: 'sm' },
  '& tbody tr[draggable=true]': { cursor: 'grab' },
  '& .row-actions': { display: 'flex', gap: '1', justifyContent: 'flex-end' },
  '& .row-actions button': { paddingInline: '2', borderRadius: 'sm', _hover: { bg: 'bg.muted' } },
  '& .row-actions button:disabled': { opacity: 0.4, cursor: 'not-allowed' },
});

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
  const { i18n, t } = useLingui();
  const checkmark = useRecipe({ key: 'checkmark' });
  const rowStyles = useMemo(() => rowStylesWith(checkmark({ size: 'sm', filled: true })), [checkmark]);
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
            <Table.ColumnHeader>
              <Text srOnly>{t({ id: 'Admin_Text_Actions', message: 'Actions' })}</Text>
            </Table.ColumnHeader>
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
