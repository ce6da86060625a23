/** The command line: upstream YCSB's flags, binding names, property-file merging and secret masking. */
package io.github.ycsbtiers.runner.cli;
