/**
 * The embedded tiered store: a DRAM tier (CLOCK with frequency-based admission, bounded by bytes)
 * over a persistent tier, {@code pmem} (LMDB, write-mapped) or {@code disk} (RocksDB).
 * {@link io.github.ycsbtiers.tiered.store.TieredStore}
 * is the store, {@link io.github.ycsbtiers.tiered.store.StoreOptions} its options (read from the
 * properties named in {@link io.github.ycsbtiers.tiered.store.StoreProperties}),
 * {@link io.github.ycsbtiers.tiered.store.SharedStores} shares one store per path per JVM,
 * {@link io.github.ycsbtiers.tiered.store.Locations} checks {@code tiered.path} before an engine opens it.
 * Nothing here depends on YCSB: properties are read with the project's one
 * {@link io.github.ycsbtiers.api.PropertyReader}, which needs no YCSB type.
 */
package io.github.ycsbtiers.tiered.store;
