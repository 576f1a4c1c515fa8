import { useLingui } from '@lingui/react';
import { memo, useId, useState } from 'react';
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
 * A checkbox as light as a native one, drawn as the design system's (Chakra's checkmark recipe, applied once by
 * TemplateFieldTable to `svg.checkmark`): a transparent native input over the drawn box carries the state, the name
 * and the keyboard, and the mark under it shows it. Chakra's Checkbox runs a state machine per box, and a template may hold a thousand
 * rows of eight boxes.
 */
function LightCheckbox({
  label,
  text,
  checked,
  disabled,
  onChange,
}: {
  /** The accessible name when no text is shown. */
  label?: string;
  /** The text shown beside the box (it names the box). */
  text?: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="light-checkbox" data-disabled={disabled ? '' : undefined}>
      <input
        type="checkbox"
        disabled={disabled}
        aria-label={label}
        checked={checked}
        onChange={(event) => {
          onChange(event.target.checked);
        }}
      />
      <svg
        className="checkmark"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="3px"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        data-state={checked ? 'checked' : 'unchecked'}
        data-disabled={disabled ? '' : undefined}
      >
        {checked ? <polyline points="20 6 9 17 4 12" /> : null}
      </svg>
      {text === undefined ? null : <span>{text}</span>}
    </label>
  );
}

/**
 * The roles a field is locked for: a button that says which (or that none is) and opens one box per role, named by
 * the role. Whether it is open is widget state; the machine only hears the roles chosen. Closed, a row costs one button.
 */
function RolePicker({
  row,
  editable,
  send,
}: {
  row: TemplateRow;
  editable: boolean;
  send: (change: TemplateChange) => void;
}) {
  const { i18n } = useLingui();
  const [open, setOpen] = useState(false);
  const choicesId = useId();
  const summary =
    row.lockForRoles.length === 0
      ? i18n._(labels.Template_Text_NoRoles)
      : row.lockForRoles.map((role) => i18n._(roleLabels[role])).join(', ');
  return (
    <div
      role="group"
      className="role-picker"
      aria-label={`${i18n._(labels.Template_Field_LockForRoles)}: ${row.dictionaryName}`}
    >
      <button
        type="button"
        aria-expanded={open}
        aria-controls={open ? choicesId : undefined}
        onClick={() => {
          setOpen(!open);
        }}
      >
        <span>{summary}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" data-open={open ? '' : undefined}>
          <polyline points="6 9 12 15 18 9" />
        </svg>
      </button>
      {open ? (
        <div id={choicesId} className="role-choices">
          {roles.map((role) => (
            <LightCheckbox
              key={role}
              disabled={!editable}
              text={i18n._(roleLabels[role])}
              checked={row.lockForRoles.includes(role)}
              onChange={(checked) => {
                // The roles in their catalogue order, whatever order they were ticked in.
                const chosen = roles.filter((r) => (r === role ? checked : row.lockForRoles.includes(r)));
                send({ type: 'field.lockRoles', fieldId: row.fieldId, roles: chosen });
              }}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}

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
          <LightCheckbox
            disabled={!editable}
            label={`${i18n._(flagLabels[flag])}: ${row.dictionaryName}`}
            checked={row[flag]}
            onChange={(checked) => {
              send({ type: 'field.flag', fieldId: row.fieldId, flag, value: checked });
            }}
          />
        </td>
      ))}
      <td>
        <RolePicker row={row} editable={editable} send={send} />
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
