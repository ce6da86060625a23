/**
 * A phase's timeline as bin/ycsb writes it ({@code -p timeline.file}, one JSON row per interval with
 * the client's and the server's figures), read back ({@link io.github.ycsbtiers.suite.timeline.TimelineFile})
 * and drawn on one time axis ({@link io.github.ycsbtiers.suite.timeline.TimelineChart}).
 */
package io.github.ycsbtiers.suite.timeline;
