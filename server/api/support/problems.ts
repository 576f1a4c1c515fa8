import { detailMessages } from '@contracts/forms/problem';
import { ProblemError } from '../../http/problem';

/**
 * The admin catalogue's own refusals, in the one problem shape. `field` is the request path the SPA's dialog shows the
 * message beside (`body.applicationName`), as the validation 400 names it.
 */
export const invalidField = (field: string, message: string) =>
  new ProblemError(400, 'validation_failed', 'Following Validation Error(s) were found:', [
    { field: `body.${field}`, message },
  ]);

/** A unique name, alias or prefix another record already has. */
export const duplicate = (field: string, what: string) =>
  new ProblemError(409, 'conflict', `Another record already has this ${what}.`, [
    { field: `body.${field}`, message: detailMessages.duplicate },
  ]);

/** A delete of something other records still depend on; the message says what. */
export const stillInUse = (message: string) => new ProblemError(409, 'conflict', message);
