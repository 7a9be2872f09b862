/**
 * Duplicate customers, merged and undone (issue 34 item 3, ADR 038): the possible duplicates'
 * groups, the merge body and answer, a customer's recent merges and the undo's answer.
 */
import { z } from 'zod';
import { idNameRef } from './common.ts';
import { customerItem } from './customers.ts';

/** At most this many customers merged into one at once. */
export const MAX_MERGE_DUPLICATES = 20;
/** A customer's additional phones at most (customerBody's `phoneNumbers`): a merge may not go past it. */
export const MAX_ADDITIONAL_PHONES = 10;
/** A merge can be undone for this many days. */
export const MERGE_UNDO_DAYS = 30;
/** The duplicates screen's page size, and the most a page may ask for. */
export const DUPLICATES_PAGE_SIZE = 10;
export const DUPLICATES_MAX_PAGE_SIZE = 50;

/** The English texts (the `server` catalogue's `error` entries) the contract's checks send. */
export const MERGE_MESSAGES = {
  duplicatesRequired: 'Choose at least one duplicate to merge',
  tooMany: `At most ${MAX_MERGE_DUPLICATES} customers can be merged at once`,
  repeated: 'Each duplicate may be named only once',
} as const;

/** GET /api/customers/duplicates: a page of groups (no total: counting every group means walking them all). */
export const duplicatesQuery = z.object({
  page: z.coerce.number().int().min(1).max(1000).optional(),
  pageSize: z.coerce.number().int().min(1).max(DUPLICATES_MAX_PAGE_SIZE).optional(),
});
export type DuplicatesQuery = z.infer<typeof duplicatesQuery>;

/** Why a customer is in a group: it shares a phone with the group's first customer, or has a very similar name. */
export const DUPLICATE_REASONS = ['phone', 'name'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** What would move with a customer: its requests, units and their contracts. */
export const customerCounts = z.object({
  requests: z.number().int(),
  units: z.number().int(),
  contracts: z.number().int(),
});
export type CustomerCounts = z.infer<typeof customerCounts>;

export const duplicateMember = customerItem
  .pick({
    id: true,
    name: true,
    address: true,
    primaryPhone: true,
    phoneNumbers: true,
    email: true,
    regionId: true,
    region: true,
    createdAt: true,
  })
  .extend({
    /** Empty for the group's first customer; the others' link to it. */
    reasons: z.array(z.enum(DUPLICATE_REASONS)),
    counts: customerCounts,
  });
export type DuplicateMember = z.infer<typeof duplicateMember>;

export const duplicateGroup = z.object({
  /** The group's first customer (by name), which the others resemble. */
  id: z.string(),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  customers: z.array(duplicateMember),
});
export type DuplicateGroup = z.infer<typeof duplicateGroup>;

export const duplicatesAnswer = z.object({
  groups: z.array(duplicateGroup),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type DuplicatesAnswer = z.infer<typeof duplicatesAnswer>;

/** POST /api/customers/:id/merge: the customers merged into :id. */
export const mergeBody = z.object({
  duplicateIds: z
    .array(z.uuid({ message: 'Invalid id' }), { error: MERGE_MESSAGES.duplicatesRequired })
    .min(1, MERGE_MESSAGES.duplicatesRequired)
    .max(MAX_MERGE_DUPLICATES, MERGE_MESSAGES.tooMany)
    .refine((ids) => new Set(ids).size === ids.length, MERGE_MESSAGES.repeated),
});
export type MergeBody = z.infer<typeof mergeBody>;

/** The rows a merge moved (and an undo moved back): requests with their history, units with their contracts. */
export const movedCounts = z.object({
  requests: z.number().int(),
  units: z.number().int(),
  contracts: z.number().int(),
  /** The approval history rows of the moved requests. */
  history: z.number().int(),
});
export type MovedCounts = z.infer<typeof movedCounts>;

/** A merge as the customer page lists it. */
export const mergeItem = z.object({
  id: z.string(),
  survivorId: z.string().nullable(),
  merged: z.array(idNameRef),
  moved: movedCounts,
  phonesAdded: z.array(z.string()),
  mergedAt: z.string(),
  mergedBy: idNameRef.nullable(),
  /** The end of the undo window. */
  undoableUntil: z.string(),
  undoneAt: z.string().nullable(),
});
export type MergeItem = z.infer<typeof mergeItem>;

/** POST /api/customers/:id/merge's answer: the merge and the surviving customer as it is now. */
export const mergeAnswer = z.object({
  merge: mergeItem,
  survivor: customerItem,
});
export type MergeAnswer = z.infer<typeof mergeAnswer>;

/** POST /api/customers/merges/:id/undo's answer: what went back to each merged customer. */
export const undoAnswer = z.object({
  merge: mergeItem,
  restored: movedCounts,
});
export type UndoAnswer = z.infer<typeof undoAnswer>;
