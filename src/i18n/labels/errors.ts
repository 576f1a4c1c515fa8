import { msg } from '@lingui/core/macro';

/**
 * The spec's error catalogue (public-and-profile §8, admin-and-board §8).
 * `Global_Error_{status}`: the SPA maps an HTTP error's status to this label and falls back to the server's message
 * when no label exists. 413, 422 and 429 are not in the spec's table but are statuses our API answers
 * (`payload_too_large`, validation, `rate_limited`), so they get a localised text too.
 */
export const errorLabels = {
  Global_Error_400: msg({ id: 'Global_Error_400', message: 'Bad request.' }),
  Global_Error_401: msg({ id: 'Global_Error_401', message: 'You are not authorized to perform this action.' }),
  Global_Error_403: msg({ id: 'Global_Error_403', message: 'Forbidden.' }),
  Global_Error_404: msg({ id: 'Global_Error_404', message: 'Resource not found.' }),
  Global_Error_409: msg({ id: 'Global_Error_409', message: 'Conflict.' }),
  Global_Error_413: msg({ id: 'Global_Error_413', message: 'The request is too large.' }),
  Global_Error_422: msg({ id: 'Global_Error_422', message: 'The request could not be processed.' }),
  Global_Error_429: msg({ id: 'Global_Error_429', message: 'Too many requests. Wait a moment and try again.' }),
  Global_Error_500: msg({ id: 'Global_Error_500', message: 'Internal server error.' }),

  // General messages (public-and-profile §8): the fixed headings of each kind of client-side error.
  Global_Error_Http: msg({ id: 'Global_Error_Http', message: 'There was an HTTP error.' }),
  // Issue 29 §3: a call that got no answer is not a Type error; the heading of the error log entry and any catalogue use.
  Global_Error_Network: msg({ id: 'Global_Error_Network', message: 'The connection was lost.' }),
  Global_Error_Type: msg({ id: 'Global_Error_Type', message: 'There was a Type error.' }),
  Global_Error_Validation: msg({ id: 'Global_Error_Validation', message: 'Following Validation Error(s) were found:' }),
  Global_Error_General: msg({ id: 'Global_Error_General', message: 'There was a general error.' }),
  Global_Error_Reference: msg({ id: 'Global_Error_Reference', message: 'There was a reference error.' }),
  Global_Error_Unknown: msg({ id: 'Global_Error_Unknown', message: 'No error found but something happened!' }),
  Global_Error_Critical: msg({
    id: 'Global_Error_Critical',
    message: 'A critical error has occurred. The issue has been reported and we will get it fixed as soon as we can.',
  }),
  Global_Error_ResourceNotFound: msg({ id: 'Global_Error_ResourceNotFound', message: 'Resource not found.' }),

  // Resource problems (admin-and-board §2, public-and-profile §5).
  Global_Error_ResourcesLoad: msg({
    id: 'Global_Error_ResourcesLoad',
    message: 'There was an error loading the resources from the page',
  }),
  Global_Error_InvalidResource: msg({ id: 'Global_Error_InvalidResource', message: 'Invalid Resource' }),
  Global_Error_MissingResourceKey: msg({
    id: 'Global_Error_MissingResourceKey',
    message: 'The resource key should not be null or empty.',
  }),
};
