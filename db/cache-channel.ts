/**
 * The channel on which the database announces, at commit, whose cached rows are stale: the payload
 * is a user id (triggers of migration 20261126100000_cache_notify; listeners in api/services/bus/).
 */
export const CACHE_CHANNEL = 'ratio_cache';
