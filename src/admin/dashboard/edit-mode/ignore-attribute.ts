/**
 * Elements inside this attribute (Edit Mode's own layer and dialog, the toggle) are never taken over by a click. A
 * module of its own so the shell's EditModeHost can mark its layer without loading the DOM watcher (marked-texts.ts,
 * with the HTML label and its sanitiser) into the public entry.
 */
export const EDIT_IGNORE_ATTRIBUTE = 'data-edit-mode-ignore';
