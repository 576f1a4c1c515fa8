import { Button, type ButtonProps } from '@chakra-ui/react';
import type { ImportRef } from './ImportUsersPanel';

/** A button of the import panel that only tells the flow one event (the flow decides what it means). */
export function ImportEventButton({
  importRef,
  event,
  ...rest
}: { importRef: ImportRef; event: Parameters<ImportRef['send']>[0] } & Omit<ButtonProps, 'onClick'>) {
  return (
    <Button
      {...rest}
      onClick={() => {
        importRef.send(event);
      }}
    />
  );
}
