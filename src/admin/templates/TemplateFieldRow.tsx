import { useLingui } from '@lingui/react';
import { memo } from 'react';
import {
  rowFlags,
  type RowFlag,
  type TemplateChange,
  type TemplateRow,
} from '@machines/template-editor/template-draft';
import { roles, type Role } from '@contracts/resources';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '../../i18n/with-values';

const flagLabels = {
  mandatory: labels.Template_Field_Mandatory,
  hidden: labels.Template_Field_Hidden,
  adminField: labels.Template_Field_AdminField,
} satisfies Record<RowFlag, unknown>;

export const roleLabels = {
  guest: labels.Template_Role_guest,
  admin: labels.Template_Role_admin,
  user: labels.Template_Role_user,
  clientadmin: labels.Template_Role_clientadmin,
  agent: labels.Template_Role_agent,
} satisfies Record<Role, unknown>;

/**
 * One field of the template. Plain elements on purpose (styled once by TemplateFieldTable): a template may hold a
 * thousand rows of eight controls, so a row stays as light as the browser allows, and it is memoised, so a change
 * re-renders only its own row.
 */
export const TemplateFieldRow = memo(function TemplateFieldRow({
  row,
  index,
  last,
  editable,
  send,
}: {
  row: TemplateRow;
  index: number;
  last: boolean;
  editable: boolean;
  send: (change: TemplateChange) => void;
}) {
  const { i18n } = useLingui();
  return (
    <tr
      draggable={editable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', row.fieldId);
      }}
      onDragOver={(event) => {
        event.preventDefault();
      }}
      onDrop={(event) => {
        event.preventDefault();
        const fieldId = event.dataTransfer.getData('text/plain');
        if (fieldId) send({ type: 'field.move', fieldId, to: index });
      }}
    >
      <td>{row.dictionaryName}</td>
      <td>{row.dataType}</td>
      {rowFlags.map((flag) => (
        <td key={flag}>
          <input
            type="checkbox"
            disabled={!editable}
            aria-label={`${i18n._(flagLabels[flag])}: ${row.dictionaryName}`}
            checked={row[flag]}
            onChange={(event) => {
              send({ type: 'field.flag', fieldId: row.fieldId, flag, value: event.target.checked });
            }}
          />
        </td>
      ))}
      <td>
        <select
          multiple
          size={2}
          disabled={!editable}
          aria-label={`${i18n._(labels.Template_Field_LockForRoles)}: ${row.dictionaryName}`}
          value={row.lockForRoles}
          onChange={(event) => {
            const chosen = [...event.target.selectedOptions].map((option) => option.value as Role);
            send({ type: 'field.lockRoles', fieldId: row.fieldId, roles: chosen });
          }}
        >
          {roles.map((role) => (
            <option key={role} value={role}>
              {i18n._(roleLabels[role])}
            </option>
          ))}
        </select>
      </td>
      <td>
        <span className="row-actions">
          <button
            type="button"
            disabled={!editable || index === 0}
            aria-label={i18n._(withValues(labels.Template_Button_MoveUp, { fieldName: row.dictionaryName }))}
            onClick={() => {
              send({ type: 'field.move', fieldId: row.fieldId, to: index - 1 });
            }}
          >
            ↑
          </button>
          <button
            type="button"
            disabled={!editable || last}
            aria-label={i18n._(withValues(labels.Template_Button_MoveDown, { fieldName: row.dictionaryName }))}
            onClick={() => {
              send({ type: 'field.move', fieldId: row.fieldId, to: index + 1 });
            }}
          >
            ↓
          </button>
          <button
            type="button"
            disabled={!editable}
            aria-label={i18n._(withValues(labels.Template_Button_RemoveField, { fieldName: row.dictionaryName }))}
            onClick={() => {
              send({ type: 'field.remove', fieldId: row.fieldId });
            }}
          >
            ×
          </button>
        </span>
      </td>
    </tr>
  );
});
