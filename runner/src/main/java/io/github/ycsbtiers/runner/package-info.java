/**
 * The YCSB-compatible client with 64-bit counts: {@link io.github.ycsbtiers.runner.Main} parses the
 * command line, checks every setting, and runs one phase through an engine.
 */
package io.github.ycsbtiers.runner;
