/** The EntryStore source the wire contract was read from (../shared/docs/entrystore-api.md §0, README "Pointing at your EntryStore"). */
export const entryStoreContract = 'MetaSolutionsAB/entrystore @ c483f900 (develop, 2025-05-23)';
