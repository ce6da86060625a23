/**
 * The scenarios (test matrices of the white papers) and their sizing: a
 * {@link io.github.ycsbtiers.suite.scenario.Scenario} turns the options and one target into the
 * ordered {@link io.github.ycsbtiers.suite.scenario.PhaseSpec phases} to run against it.
 */
package io.github.ycsbtiers.suite.scenario;
