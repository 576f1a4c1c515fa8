// The page keys and their resource components are shared with the server (`resource/{view}` answers a page's bundle),
// so they live in the contracts; the machines keep importing them from here.
export { componentsFor, pageComponents, pageKeys, type PageKey } from '@contracts/pages';
