/**
 * Resource lists the specification names. They are not texts but lists of items (Id, Key, Value) that the lists API
 * serves per client and culture, so they have no Lingui message; they are named here so that the registry accounts
 * for every `Area_Kind_Name` key the spec uses, and so that code refers to them by a checked name.
 */
export const resourceListKeys = [
  'Global_List_DataType',
  'Global_List_Icons',
  'Global_List_MetaTag',
  'Global_List_NotSupportedBrowsers',
] as const;

export type ResourceListKey = (typeof resourceListKeys)[number];
