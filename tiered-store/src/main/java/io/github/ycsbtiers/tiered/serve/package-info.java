/**
 * How the embedded store serves its clients, as a server does: a few store loops (one thread
 * per core by default) run submitted operations in arrival order, inline when they are CPU work,
 * and hand those that wait for a device or a commit to an I/O pool; each loop also runs timers
 * ({@link io.github.ycsbtiers.tiered.serve.StoreLoop#scheduler}), on which a throttled client waits
 * for its next due time. Knows nothing of YCSB nor of
 * the store: an operation is a {@link io.github.ycsbtiers.tiered.serve.StoreTask}, and the binding
 * says what serving one means.
 */
package io.github.ycsbtiers.tiered.serve;
