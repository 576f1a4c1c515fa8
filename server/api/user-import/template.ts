import type { FormDefinition } from '@contracts/profile-form';
import { EMAIL_COLUMN, ROLE_COLUMN } from '@contracts/user-import';

/**
 * The template's header (spec admin-and-board §7 "Import template download"): the e-mail column, then the
 * administrators' fields (admin-only on the client's templates), then the client's mandatory visible fields, then the
 * role column. A label holds no value, so it is never a column. Any other field of the form may be added as a column.
 */
export function templateColumns(form: FormDefinition): string[] {
  const valued = form.fields.filter((field) => field.dataType !== 'LABEL');
  const adminFields = valued.filter((field) => field.adminField).map((field) => field.fieldName);
  const mandatory = valued
    .filter((field) => field.mandatory && !field.templateHiddenField && !field.adminField)
    .map((field) => field.fieldName);
  return [EMAIL_COLUMN, ...adminFields, ...mandatory, ROLE_COLUMN];
}
