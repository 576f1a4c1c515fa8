import { Box, Input } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { useEffect, useMemo, type KeyboardEvent } from 'react';
import type { AddressLookupConfig } from '@contracts/public-config';
import type { Culture } from '@contracts/culture';
import type { addressLookupMachine } from '@machines/address-lookup/address-lookup.machine';
import { sameLookupView, selectLookupView } from '@machines/address-lookup/address-lookup.selectors';
import type { AddressParts } from '@machines/profile-form/address-parts';
import { languageOf } from '../../i18n/language-of';
import type { ControlProps } from '../../ui/form/LabelledField';
import { addressLookupLogic } from './address-lookup-logic';
import { googleAddressLookup } from './google-places';

type Props = {
  control: ControlProps;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
};

export type AddressLookupRef = ActorRefFrom<typeof addressLookupMachine>;

/**
 * The street line with the address lookup (ARIA combobox with a list of places): typing goes to the form as any text
 * does and to the lookup machine, which offers places after a pause; arrows move through them, Enter or a click
 * chooses, Escape or leaving the field closes the list. Google's terms ask for its attribution under the list.
 */
export function AddressLookupInput({
  lookupRef,
  control,
  value,
  onChange,
  onBlur,
}: Props & { lookupRef: AddressLookupRef }) {
  const { t } = useLingui();
  const view = useSelector(lookupRef, selectLookupView, sameLookupView);

  const listId = `${control.id}-places`;
  const optionId = (index: number) => `${listId}-${String(index)}`;
  const keyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!view.open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      lookupRef.send({ type: 'moved', by: event.key === 'ArrowDown' ? 1 : -1 });
    } else if (event.key === 'Enter' && view.highlighted >= 0) {
      // Enter picks the highlighted place instead of submitting the form.
      event.preventDefault();
      lookupRef.send({ type: 'chosen', index: view.highlighted });
    } else if (event.key === 'Escape') {
      lookupRef.send({ type: 'dismissed' });
    }
  };
  return (
    <Box position="relative" width="full">
      <Input
        {...control}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={view.open}
        aria-controls={listId}
        aria-activedescendant={view.open && view.highlighted >= 0 ? optionId(view.highlighted) : undefined}
        // The browser's own address suggestions would cover the list.
        autoComplete="off"
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          lookupRef.send({ type: 'typed', text: event.target.value });
        }}
        onKeyDown={keyDown}
        onBlur={() => {
          lookupRef.send({ type: 'dismissed' });
          onBlur();
        }}
      />
      {view.open ? (
        <Box
          as="ul"
          role="listbox"
          id={listId}
          position="absolute"
          insetX="0"
          top="100%"
          marginTop="1"
          zIndex="dropdown"
          bg="bg.panel"
          borderWidth="1px"
          rounded="l2"
          shadow="md"
          listStyleType="none"
          paddingY="1"
        >
          {view.suggestions.map((suggestion, index) => (
            <Box
              as="li"
              key={suggestion.id}
              role="option"
              id={optionId(index)}
              aria-selected={index === view.highlighted}
              paddingX="3"
              paddingY="2"
              cursor="pointer"
              bg={index === view.highlighted ? 'bg.muted' : undefined}
              // Mouse down, not click: the input keeps its focus, so its blur does not close the list first.
              onMouseDown={(event) => {
                event.preventDefault();
                lookupRef.send({ type: 'chosen', index });
              }}
              onMouseEnter={() => {
                lookupRef.send({ type: 'highlighted', index });
              }}
            >
              {suggestion.text}
            </Box>
          ))}
          <Box as="li" role="presentation" paddingX="3" paddingTop="1" textAlign="end" textStyle="xs" color="fg.muted">
            {t({ id: 'Instance_Text_PoweredByGoogle', message: 'Powered by Google' })}
          </Box>
        </Box>
      ) : null}
    </Box>
  );
}

/**
 * The street line joined to Google's Places data API in the culture's language; a chosen place's parts go to the form,
 * whose rules fill its address block (profile-draft `address`).
 */
export function GoogleAddressLookupInput({
  config,
  culture,
  onAddress,
  ...props
}: Props & { config: AddressLookupConfig; culture: Culture; onAddress: (parts: AddressParts) => void }) {
  const language = languageOf(culture);
  const logic = useMemo(
    () => addressLookupLogic(googleAddressLookup(config.apiKey, language)),
    [config.apiKey, language],
  );
  const lookupRef = useActorRef(logic);
  useEffect(() => {
    const subscription = lookupRef.on('addressChosen', (event) => {
      onAddress(event.parts);
    });
    return () => {
      subscription.unsubscribe();
    };
  }, [lookupRef, onAddress]);
  return <AddressLookupInput lookupRef={lookupRef} {...props} />;
}
