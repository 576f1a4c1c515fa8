import { DialogNotice } from '../DialogNotice';

/**
 * The one form-level message of a form (a stale update, a conflict no input names): announced with role="alert", and
 * nothing at all while there is none. `status` keeps each dialog's look (warning or error) as it was.
 */
export function ErrorSummary({
  message,
  status = 'error',
}: {
  message: string | undefined;
  status?: 'warning' | 'error';
}) {
  return message === undefined ? null : <DialogNotice status={status} role="alert" text={message} />;
}
