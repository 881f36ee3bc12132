import { randomUUID } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const newId = (): string => randomUUID();

/** Ids are UUIDs; anything else can name no record (and PostgreSQL's uuid type would reject it). */
export const isUuid = (value: string): boolean => UUID.test(value);
