/**
 * What limited a phase: the client, the server (or the embedded store's threads) or the embedded
 * store's device, or none of them that the figures show. Pure functions of figures the run already
 * records, with no dependency on the rest of the runner:
 * {@link io.github.ycsbtiers.runner.bottleneck.BottleneckInputs} gathers them (from the report's
 * text sections for a phase, from a timeline row's figures for a row),
 * {@link io.github.ycsbtiers.runner.bottleneck.BottleneckRules} applies the rules and their
 * thresholds, {@link io.github.ycsbtiers.runner.bottleneck.Verdict} is the answer with its reason,
 * and {@link io.github.ycsbtiers.runner.bottleneck.BottleneckSection} writes it as the report's
 * {@code [BOTTLENECK]} section. Bindings state their server's and device's figures under the names
 * of {@code api.ResourceFigures}.
 */
package io.github.ycsbtiers.runner.bottleneck;
