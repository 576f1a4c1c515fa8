/**
 * The states and transitions no walk can reach from the UI, on purpose, each with its reason (`npm run test:paths`
 * prints it beside the item and leaves the item out of the machine's per cent). Keys as the report prints them:
 * machine id → atomic state path, or transition `source —event [guard]→ target`. An entry that names nothing of the
 * machine, has no reason, or that a walk does reach fails the run. Something the UI can reach but no walk walks yet
 * does not belong here: it is a gap, and stays in the per cent.
 */

/** A grid built without `rowDetails` (createGridMachine): `canOpenDetails` is false for every row, so none opens. */
const NO_ROW_DETAILS = 'this grid has no row details (no rowDetails in its config): no row ever opens';
const noRowDetails = {
  '(machine) —details.* done': NO_ROW_DETAILS,
  '(machine) —details.* error': NO_ROW_DETAILS,
  'ready —row.toggle [canOpenDetails]': NO_ROW_DETAILS,
  'ready —row.toggle [isExpanded]': NO_ROW_DETAILS,
  'ready —details.retry [isExpanded]': NO_ROW_DETAILS,
};

/** The logs are read only: the page offers no Add and no row Delete, and a row's detail (the editor slot) never saves. */
const READ_ONLY = 'the log is read only: its page offers no Add and no row Delete';
const readOnlyLog = {
  'ready.confirmingDelete': READ_ONLY,
  'ready.deleting': READ_ONLY,
  'ready.browsing —row.add→ ready.editing': READ_ONLY,
  'ready.browsing —row.delete [isUndeletable]': READ_ONLY,
  'ready.browsing —row.delete [isKnownRow]→ ready.confirmingDelete': READ_ONLY,
  'ready.confirmingDelete —delete.confirm→ ready.deleting': READ_ONLY,
  'ready.confirmingDelete —delete.cancel→ ready.browsing': READ_ONLY,
  'ready.deleting —deleteRow done→ loading': READ_ONLY,
  'ready.deleting —deleteRow error→ ready.browsing': READ_ONLY,
  'ready.editing —editor done [isSaved]→ loading': "a log row's detail only shows the row: it never saves",
};

export const unreachable: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  applicationsGrid: noRowDetails,
  auditGrid: { ...noRowDetails, ...readOnlyLog },
  errorGrid: { ...noRowDetails, ...readOnlyLog },
  faqGrid: noRowDetails,
  login: {
    'checkingTerms —termsAcceptance error→ signingOutAfterFailure':
      'the new-terms stop keeps its own call failures (its failed page: Retry or Decline), so it errors only on a defect; pinned in tests/unit/machines/login.test.ts',
  },
};
