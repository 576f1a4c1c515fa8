import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import type { EventHook } from '@contracts/admin/event-hooks';
import { selectIsDeleting } from '@machines/event-hooks/event-hooks.selectors';
import { labels } from '@src/i18n/admin-labels';
import { withValues } from '@src/i18n/with-values';
import { AskFirst, ShownOnce } from '../shared/ResourceAlerts';
import type { EventHooksRef } from './hooks-ref';

/** The new hook's signing secret, this once. */
export function ShownSecret({ hooks, secret }: { hooks: EventHooksRef; secret: string }) {
  const { i18n } = useLingui();
  return (
    <ShownOnce
      title={i18n._(labels.EventHook_Text_SecretTitle)}
      once={i18n._(labels.EventHook_Text_SecretOnce)}
      value={secret}
      testId="event-hook-secret"
      doneLabel={i18n._(labels.EventHook_Button_Done)}
      onDone={() => {
        hooks.send({ type: 'secret.dismiss' });
      }}
    />
  );
}

/** Delete asks first, naming the hook. */
export function DeleteQuestion({ hooks, hook }: { hooks: EventHooksRef; hook: EventHook }) {
  const { i18n } = useLingui();
  const deleting = useSelector(hooks, selectIsDeleting);
  return (
    <AskFirst
      question={i18n._(withValues(labels.EventHook_Text_DeleteQuestion, { name: hook.name }))}
      confirmLabel={i18n._(labels.EventHook_Button_ConfirmDelete)}
      cancelLabel={i18n._(labels.EventHook_Button_Cancel)}
      busy={deleting}
      onConfirm={() => {
        hooks.send({ type: 'delete.confirm' });
      }}
      onCancel={() => {
        hooks.send({ type: 'delete.cancel' });
      }}
    />
  );
}
