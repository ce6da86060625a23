/**
 * What the user asked for, whatever asked it: a target to run against
 * ({@link io.github.ycsbtiers.suite.input.TargetSpec}) and a request that cannot be met
 * ({@link io.github.ycsbtiers.suite.input.UsageException}: one line, exit status 2). Below the
 * command line and the scenarios, which both use these types.
 */
package io.github.ycsbtiers.suite.input;
