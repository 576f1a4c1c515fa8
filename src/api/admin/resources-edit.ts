import * as v from 'valibot';
import type {
  EditScope,
  EditTarget,
  ReadText,
  ReadTextInput,
  SaveTextInput,
} from '@machines/label-editor/label-editor.types';
import { InputForEditSchema, LabelForEditSchema } from '@contracts/resource-edit';
import { ResourceVersionSchema } from '@contracts/resources';
import { http, type CallOptions } from '../http';

/** The Edit Mode and clear-cache calls of the dashboard (docs/api.md "Resources", administrators only). */

const scopeParams = (target: EditTarget, scope: EditScope) => {
  const params = new URLSearchParams({ key: target.key, culture: scope.culture });
  if (scope.clientId !== null) params.set('clientId', scope.clientId);
  return params;
};

/** GET resource/label or resource/input: the scope's text and the version of its own row. */
export async function readText({ target, scope }: ReadTextInput, options: CallOptions = {}): Promise<ReadText> {
  const searchParams = scopeParams(target, scope);
  if (target.kind === 'label') {
    const read = v.parse(LabelForEditSchema, await http.get('resource/label', { searchParams, ...options }).json());
    return { kind: 'label', value: read.value, version: read.version, choices: read.choices };
  }
  const { input, version, choices } = v.parse(
    InputForEditSchema,
    await http.get('resource/input', { searchParams, ...options }).json(),
  );
  return {
    kind: 'input',
    draft: { kind: 'input', validationMessage: input.validationMessage, placeHolder: input.placeHolder },
    rules: {
      title: input.title,
      isRequired: input.isRequired,
      type: input.type,
      minValue: input.minValue,
      maxValue: input.maxValue,
      validationRegex: input.validationRegex,
      maskRegex: input.maskRegex,
    },
    version,
    choices,
  };
}

/**
 * PATCH resource/label or resource/input with the version read. A 409 `stale_update` (someone else saved first) is
 * thrown like any other problem: the label editor's pattern turns it into its conflict.
 */
export async function saveText(
  { target, scope, draft, version }: SaveTextInput,
  options: CallOptions = {},
): Promise<void> {
  const common = { key: target.key, culture: scope.culture, clientId: scope.clientId, version };
  const json =
    draft.kind === 'label'
      ? { ...common, value: draft.value }
      : { ...common, validationMessage: draft.validationMessage, placeHolder: draft.placeHolder };
  await http.patch(draft.kind === 'label' ? 'resource/label' : 'resource/input', { json, ...options }).json();
}

/** POST resource/ClearResourceCache: the new global resource version. */
export async function clearResourceCache(options: CallOptions = {}): Promise<number> {
  return v.parse(ResourceVersionSchema, await http.post('resource/ClearResourceCache', options).json()).version;
}
