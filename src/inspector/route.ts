/**
 * The flow inspector's page, reached through this one small chunk: the route table (in the public entry) imports only
 * this module, so the entry lists none of the page's own chunks (the drawing, the machine list, the messages) for
 * preloading; they are named here instead.
 */
export const loadFlowInspectorPage = () => import('./FlowInspectorPage');
