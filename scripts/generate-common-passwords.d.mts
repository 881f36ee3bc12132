export const COMMON_PASSWORD_COUNT: number;
export function topCommonPasswords(): string[];
