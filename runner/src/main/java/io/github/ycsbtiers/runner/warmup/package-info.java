/**
 * Warm-up before the measured phase ({@code warmuptime}; options in {@link
 * io.github.ycsbtiers.runner.config.WarmupOptions}): the rule that decides when
 * {@code warmuptime=auto} has settled, the timer that ends it, and the {@code [WARMUP]} section
 * that reports what it did. Engines run the operations; this package only decides when to stop
 * and says why.
 */
package io.github.ycsbtiers.runner.warmup;
