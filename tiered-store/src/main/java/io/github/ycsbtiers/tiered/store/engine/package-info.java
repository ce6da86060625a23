/**
 * What the persistent tier's engines report and throw: their figures for the timeline
 * ({@link io.github.ycsbtiers.tiered.store.engine.EngineFigures}), their device reads
 * ({@link io.github.ycsbtiers.tiered.store.engine.DeviceReads}) and the store's exception root
 * ({@link io.github.ycsbtiers.tiered.store.engine.StoreException}). Below both the store and its
 * internals, which share these types, so that neither package depends on the other both ways.
 */
package io.github.ycsbtiers.tiered.store.engine;
