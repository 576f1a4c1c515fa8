import { Fieldset, SimpleGrid } from '@chakra-ui/react';
import { useLingui } from '@lingui/react';
import { useSelector } from '@xstate/react';
import { EVENT_HOOK_TYPES, type EventHookType } from '@contracts/event-hooks';
import type { EventHookDraft } from '@machines/event-hooks/event-hooks-draft';
import {
  selectDraft,
  selectIsSaving,
  selectMaySubmit,
  selectShownProblems,
} from '@machines/event-hooks/event-hooks.selectors';
import { labels } from '@src/i18n/admin-labels';
import { LabelledField } from '@src/ui/form/LabelledField';
import { InlineForm } from '../shared/InlineForm';
import type { EventHooksRef } from './hooks-ref';

/** The chosen types with one ticked or unticked, in the supported list's order. */
const toggled = (chosen: readonly EventHookType[], type: EventHookType, on: boolean): EventHookType[] =>
  EVENT_HOOK_TYPES.filter((each) => (each === type ? on : chosen.includes(each)));

/**
 * The new-hook form: a name, the HTTPS endpoint, the event types (Okta's names, the supported list only) and an
 * optional header the receiver checks. Register is offered when the contract's rules pass.
 */
export function NewHookForm({ hooks }: { hooks: EventHooksRef }) {
  const { i18n } = useLingui();
  const draft = useSelector(hooks, selectDraft);
  const problems = useSelector(hooks, selectShownProblems);
  const saving = useSelector(hooks, selectIsSaving);
  const maySubmit = useSelector(hooks, selectMaySubmit);
  const change = (changes: Partial<EventHookDraft>) => {
    hooks.send({ type: 'create.change', changes });
  };
  return (
    <InlineForm
      label={i18n._(labels.EventHook_Button_New)}
      maxWidth="3xl"
      onSubmit={() => {
        hooks.send({ type: 'create.submit' });
      }}
      submitLabel={i18n._(labels.EventHook_Button_Create)}
      cancelLabel={i18n._(labels.EventHook_Button_Cancel)}
      maySubmit={maySubmit}
      saving={saving}
      onCancel={() => {
        hooks.send({ type: 'create.cancel' });
      }}
    >
      <LabelledField
        label={i18n._(labels.EventHook_Field_Name)}
        required
        value={draft.name}
        onChange={(name) => {
          change({ name });
        }}
        message={problems.includes('name') ? i18n._(labels.EventHook_Text_NameRule) : undefined}
      />
      <LabelledField
        label={i18n._(labels.EventHook_Field_Uri)}
        required
        type="url"
        value={draft.uri}
        onChange={(uri) => {
          change({ uri });
        }}
        message={problems.includes('uri') ? i18n._(labels.EventHook_Text_UriRule) : undefined}
      />
      <Fieldset.Root invalid={problems.includes('eventTypes')}>
        <Fieldset.Legend>{i18n._(labels.EventHook_Field_EventTypes)}</Fieldset.Legend>
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="2" data-testid="event-hook-types">
          {EVENT_HOOK_TYPES.map((type) => (
            <LabelledField
              key={type}
              kind="checkbox"
              label={type}
              checked={draft.eventTypes.includes(type)}
              onChange={(on) => {
                change({ eventTypes: toggled(draft.eventTypes, type, on) });
              }}
            />
          ))}
        </SimpleGrid>
        {problems.includes('eventTypes') ? (
          <Fieldset.ErrorText>{i18n._(labels.EventHook_Text_TypesRule)}</Fieldset.ErrorText>
        ) : null}
      </Fieldset.Root>
      <LabelledField
        label={i18n._(labels.EventHook_Field_AuthHeader)}
        value={draft.authHeader}
        onChange={(authHeader) => {
          change({ authHeader });
        }}
      />
      <LabelledField
        label={i18n._(labels.EventHook_Field_AuthValue)}
        type="password"
        autoComplete="off"
        value={draft.authValue}
        onChange={(authValue) => {
          change({ authValue });
        }}
        message={problems.includes('authValue') ? i18n._(labels.EventHook_Text_AuthRule) : undefined}
      />
    </InlineForm>
  );
}
