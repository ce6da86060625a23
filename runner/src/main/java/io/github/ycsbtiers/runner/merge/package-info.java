/**
 * Several clients, one result: the files one client leaves in its result directory
 * ({@link io.github.ycsbtiers.runner.merge.ClientResultLayout}) and {@code bin/ycsb merge}, which
 * adds them into one report in YCSB's format. Depends on the runner's config and measure packages,
 * never the other way round, except that the phase runner writes the layout's files.
 */
package io.github.ycsbtiers.runner.merge;
