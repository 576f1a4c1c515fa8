import * as v from 'valibot';
import {
  ApplicationCreateSchema,
  ApplicationUpdateSchema,
  type Application,
  type ApplicationCreate,
  type ApplicationUpdate,
} from '@contracts/admin/applications';
import { inputOfIssue } from '@contracts/forms/issues';

/** The inputs of the application dialog (admin-and-board §2), as the person types them. */
export type ApplicationDraft = {
  applicationName: string;
  applicationLink: string;
  defaultRoleValue: string;
  alias: string;
  regionId: string;
  iconIdentifier: string;
};

export type ApplicationField = keyof ApplicationDraft;

export const applicationFields: readonly ApplicationField[] = [
  'applicationName',
  'applicationLink',
  'defaultRoleValue',
  'alias',
  'regionId',
  'iconIdentifier',
];

export const emptyDraft: ApplicationDraft = {
  applicationName: '',
  applicationLink: '',
  defaultRoleValue: '',
  alias: '',
  regionId: '',
  iconIdentifier: '',
};

export const draftOf = (application: Application | undefined): ApplicationDraft =>
  application
    ? {
        applicationName: application.applicationName,
        applicationLink: application.applicationLink,
        defaultRoleValue: application.defaultRoleValue,
        alias: application.alias ?? '',
        regionId: application.regionId,
        iconIdentifier: application.iconIdentifier,
      }
    : emptyDraft;

export const createBody = (draft: ApplicationDraft): ApplicationCreate => ({ ...draft });

export const updateBody = (draft: ApplicationDraft, original: Application): ApplicationUpdate => ({
  ...draft,
  version: original.version,
});

/**
 * The fields the contract refuses (spec §5: bounds come from the shared contract, the same schema the server checks
 * the body with), in input order. An empty list means Save may be pressed.
 */
export function invalidFields(draft: ApplicationDraft, original: Application | undefined): ApplicationField[] {
  const result = original
    ? v.safeParse(ApplicationUpdateSchema, updateBody(draft, original))
    : v.safeParse(ApplicationCreateSchema, createBody(draft));
  if (result.success) return [];
  const named = new Set(result.issues.map(inputOfIssue));
  return applicationFields.filter((field) => named.has(field));
}

/** Spec §2: on update the name never changes, and an alias that already has a value never changes. */
export const isReadOnly = (field: ApplicationField, original: Application | undefined): boolean =>
  original !== undefined &&
  (field === 'applicationName' || (field === 'alias' && (original.alias ?? '').trim() !== ''));
