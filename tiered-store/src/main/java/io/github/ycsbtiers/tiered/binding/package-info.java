/**
 * YCSB binding {@code tiered}: a thin adapter from YCSB's {@code DB} to the embedded
 * {@link io.github.ycsbtiers.tiered.store.TieredStore}: record encoding, the start-up lines and
 * the {@code [TIER]} report section.
 */
package io.github.ycsbtiers.tiered.binding;
