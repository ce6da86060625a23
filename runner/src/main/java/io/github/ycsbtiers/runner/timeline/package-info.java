/**
 * The run's timeline ({@code timeline.file}): one JSON row per interval with the client's
 * throughput, latency percentiles, return codes, CPU and GC pauses, and what the binding's
 * sources ({@code api.TimelineSources}) add (the server's counters, the store's tiers) over the
 * same interval. {@link io.github.ycsbtiers.runner.timeline.Timeline} collects latencies and
 * return codes as the registry records them; {@link io.github.ycsbtiers.runner.timeline.TimelineWriter}
 * cuts and writes the rows; {@link io.github.ycsbtiers.runner.timeline.TimelineRow} is the format,
 * specified in its javadoc.
 */
package io.github.ycsbtiers.runner.timeline;
