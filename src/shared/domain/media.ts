/**
 * What a work photo shows (issue 35 item 2): the unit before the work, after it, or anything else.
 * An upload names it (`kind`, default OTHER); the request's details group the photos by it.
 */
export const MEDIA_KINDS = ['BEFORE', 'AFTER', 'OTHER'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];
export const DEFAULT_MEDIA_KIND: MediaKind = 'OTHER';
