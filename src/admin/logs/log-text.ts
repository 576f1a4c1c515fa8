import type { I18n, MessageDescriptor } from '@lingui/core';
import { withoutClientPrefix } from '@contracts/username';
import { labels } from '@src/i18n/admin-labels';

/** An instant as the person reads it, in their language and time zone. */
export const whenText = (at: string, i18n: I18n) =>
  i18n.date(new Date(at), { dateStyle: 'medium', timeStyle: 'medium' });

/** A row's client: its name, or, for a provider-wide change or an anonymous error, that it has none. */
export const clientText = (clientName: string | null, i18n: I18n) => clientName ?? i18n._(labels.Log_Text_ProviderWide);

/** The audit rows' actions (server/api/**: `create`, `import.commit` …) in plain words. */
const actionWords: Readonly<Record<string, MessageDescriptor>> = {
  create: labels.Log_Action_Create,
  update: labels.Log_Action_Update,
  delete: labels.Log_Action_Delete,
  'import.preview': labels.Log_Action_ImportPreview,
  'import.commit': labels.Log_Action_ImportCommit,
  'import.resume': labels.Log_Action_ImportResume,
  'import.done': labels.Log_Action_ImportDone,
  'import.invite': labels.Log_Action_ImportInvite,
};

/** The audit rows' records (the tables' names: `instance`, `user_import` …) in plain words: a profile, an import. */
const entityWords: Readonly<Record<string, MessageDescriptor>> = {
  instance: labels.Log_Entity_Instance,
  user_import: labels.Log_Entity_UserImport,
  client: labels.Log_Entity_Client,
  application: labels.Log_Entity_Application,
  client_application: labels.Log_Entity_ClientApplication,
  field: labels.Log_Entity_Field,
  template: labels.Log_Entity_Template,
  invitation: labels.Log_Entity_Invitation,
  label: labels.Log_Entity_Label,
  input_resource: labels.Log_Entity_InputResource,
  faq_question: labels.Log_Entity_FaqQuestion,
};

/** A word this page does not know yet, at least without the code's punctuation (`user_import` → `user import`). */
const plainWord = (word: string) => word.replace(/[._]+/g, ' ');

/** An audit row's action as an administrator reads it (issue 29 §5: no internal words on admin screens). */
export const actionText = (action: string, i18n: I18n) => {
  const words = actionWords[action];
  return words === undefined ? plainWord(action) : i18n._(words);
};

/** An audit row's record kind as an administrator reads it: "Profile", not `instance`; "User import", not `user_import`. */
export const entityText = (entity: string, i18n: I18n) => {
  const words = entityWords[entity];
  return words === undefined ? plainWord(entity) : i18n._(words);
};

/** Who made a change, as they type their login: without the client's internal prefix (`AUL__ops@…` → `ops@…`). */
export const actorText = (actor: string) => withoutClientPrefix(actor);

/** An audit row in one line: who, what, which record (the grid's row name, the dashboard's recent changes). */
export const auditRowText = (row: { actor: string; action: string; entity: string }, i18n: I18n) =>
  `${actorText(row.actor)}: ${entityText(row.entity, i18n)} · ${actionText(row.action, i18n)}`;
