/**
 * The command line: {@link io.github.ycsbtiers.suite.cli.SuiteOptions#fromArgs} parses it once into
 * immutable options; a bad argument is a {@link io.github.ycsbtiers.suite.input.UsageException} that
 * names the option, the value and what is allowed.
 */
package io.github.ycsbtiers.suite.cli;
