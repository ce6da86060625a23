/**
 * The connection ramp's stop rule ({@link io.github.ycsbtiers.api.ramp.RampRule}), the one decision
 * behind both {@code bin/ycsb -threads auto} (the runner's steps in one JVM) and {@code bin/ycsb-suite
 * --connections auto} (the suite's steps as processes): which count to try next, when to stop, why,
 * and which count to keep. Pure logic; the callers run the steps and measure them.
 */
package io.github.ycsbtiers.api.ramp;
