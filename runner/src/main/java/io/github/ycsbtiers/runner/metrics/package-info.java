/**
 * The live metrics endpoint ({@code metrics.port}): what the phase's timeline recorders and the
 * bindings' {@code api.LiveFigures} hold, served to Prometheus while the run runs, by the
 * Prometheus Java client's exposition (text, OpenMetrics and protobuf, as the scraper asks).
 * Reads only: operations record nothing for it.
 */
package io.github.ycsbtiers.runner.metrics;
