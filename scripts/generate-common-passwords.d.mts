export function topCommonPasswords(): string[];
