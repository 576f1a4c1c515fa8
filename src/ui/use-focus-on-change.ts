import { useEffect, useRef } from 'react';

/**
 * Moves the keyboard focus to the element (a step's heading, `tabIndex={-1}`) each time `key` changes, never on the
 * first render: after Continue, Send code or Verify code a screen reader starts reading at the new step's heading, and
 * the next Tab goes into the step, instead of the focus falling back to <body> with the button that was pressed gone.
 */
export function useFocusOnChange<Element extends HTMLElement>(key: unknown) {
  const target = useRef<Element>(null);
  const shown = useRef(key);
  useEffect(() => {
    if (Object.is(shown.current, key)) return;
    shown.current = key;
    target.current?.focus({ preventScroll: true });
  }, [key]);
  return target;
}
