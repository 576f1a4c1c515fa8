import { Button, HStack, Stack } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { sameFooterView, selectFooterView, selectIsSaving } from '@machines/profile-form/profile-form.selectors';
import { labels } from '../../i18n/labels';
import type { ProfileFormRef } from './profile-form-ref';

/**
 * The form's footer (spec §2): Register with its captcha, or Back / Cancel / Continue / Save. Which buttons show and
 * which are off is the machine's (selectFooterView); the captcha is the host page's, shown where the machine says.
 */
export function ProfileFooter({
  formRef,
  captcha,
  terms,
}: {
  formRef: ProfileFormRef;
  captcha?: ReactNode;
  terms?: ReactNode;
}) {
  const { i18n, t } = useLingui();
  const footer = useSelector(formRef, selectFooterView, sameFooterView);
  const saving = useSelector(formRef, selectIsSaving);
  const edit = (changes: { kind: 'next' } | { kind: 'step'; to: number }) => {
    formRef.send({ type: 'edit', changes });
  };
  return (
    <Stack gap="4">
      {footer.terms ? terms : null}
      {footer.captcha ? captcha : null}
      <HStack gap="3" justify="flex-end" wrap="wrap">
        {footer.back.show ? (
          <Button
            variant="ghost"
            disabled={footer.back.disabled}
            onClick={() => edit({ kind: 'step', to: footer.back.to })}
          >
            {t({ id: 'Instance_Button_Back', message: 'Back' })}
          </Button>
        ) : null}
        {footer.cancel.show ? (
          <Button
            variant="outline"
            disabled={footer.cancel.disabled}
            onClick={() => {
              formRef.send({ type: 'cancel' });
            }}
          >
            {t({ id: 'Instance_Button_Cancel', message: 'Cancel' })}
          </Button>
        ) : null}
        {footer.next.show ? (
          <Button
            variant={footer.save.show ? 'outline' : 'solid'}
            disabled={footer.next.disabled}
            onClick={() => {
              edit({ kind: 'next' });
            }}
          >
            {t({ id: 'Instance_Button_Continue', message: 'Continue' })}
          </Button>
        ) : null}
        {footer.save.show ? (
          <Button
            disabled={footer.save.disabled}
            aria-busy={saving}
            loading={saving}
            onClick={() => {
              formRef.send({ type: 'save' });
            }}
          >
            {footer.save.kind === 'register'
              ? i18n._(labels.SignUp_Button_Register)
              : t({ id: 'Instance_Button_Save', message: 'Save' })}
          </Button>
        ) : null}
      </HStack>
    </Stack>
  );
}
