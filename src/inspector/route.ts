/**
 * The flow inspector's lazy door, one small chunk: the route table (in the public entry) imports only this module
 * for the page, so the entry lists none of the page's own chunks (the drawing, the machines' descriptions, the
 * messages) for preloading; they are named here instead. The boot script (boot.ts) comes in here too, by address, for
 * the app tab's answer.
 */
export const loadFlowInspectorPage = () => import('./FlowInspectorPage');

export const loadAnswer = () => import('./answer');
