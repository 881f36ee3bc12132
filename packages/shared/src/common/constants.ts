/** Business constants and limits of SPEC §9 that no one area owns. */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;

export const DATE_FORMAT = 'LLL d, yyyy';
export const RECORD_DATE_FORMAT = "dd/MM/yyyy 'at' hh:mm a";
export const EMPTY_VALUE = '-';

export const QUERY_RETRY = 1;

export const LIST_DEFAULT_LIMIT = 10;
export const LIST_MAX_LIMIT = 100;
export const SEARCH_MAX_LENGTH = 100;
export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

export const SUPPORT_RESPONSE_HOURS = 24;
export const TAX_RETENTION_YEARS = 6;
export const ACCOUNT_EXPIRY_YEARS = 1;
export const POLICY_LAST_MODIFIED = '2025-08-21';

/** Layout sizes in pixels. */
export const LAYOUT = {
  toastWidth: 400,
  headerHeight: 80,
  contentMaxWidth: 1366,
  wrapperPaddingX: 100,
  pageHeaderMinHeight: 88,
  signInLeftColumnWidth: 600,
  loginCardMaxWidth: 460,
  userMenuMaxHeight: 200,
  userMenuMinWidth: 200,
  dropdownMenuMaxHeight: 208,
  modalMaxWidth: 720,
  confirmDialogMaxWidth: 560,
} as const;
