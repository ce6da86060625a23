/**
 * The store's parts: the DRAM tier, the two persistent tiers behind
 * {@link io.github.ycsbtiers.tiered.store.internal.PersistentTier}, LMDB's group commit and striped
 * key locks. Not an API.
 */
package io.github.ycsbtiers.tiered.store.internal;
