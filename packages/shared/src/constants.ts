/** Business constants and limits of SPEC §9. */
export const ACCESS_TOKEN_STORAGE_KEY = 'act';
export const REFRESH_TOKEN_STORAGE_KEY = 'rft';

export const PASSWORD_MIN_LENGTH = 8;
/** Long passphrases are welcome; the cap only protects the hasher from absurd input. */
export const PASSWORD_MAX_LENGTH = 256;
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
export const FULL_NAME_MAX_LENGTH = 100;

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
export const AVATAR_MIME_TYPES = ['image/png', 'image/jpeg'] as const;
export const UPLOAD_DIRS = ['users'] as const;
export type UploadDir = (typeof UPLOAD_DIRS)[number];

export const DATE_FORMAT = 'LLL d, yyyy';
export const RECORD_DATE_FORMAT = "dd/MM/yyyy 'at' hh:mm a";
export const EMPTY_VALUE = '-';

export const QUERY_RETRY = 1;

export const LIST_DEFAULT_LIMIT = 10;
export const LIST_MAX_LIMIT = 100;
export const BULK_CREATE_MAX = 100;
export const EMAILS_QUERY_MAX = 100;
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
