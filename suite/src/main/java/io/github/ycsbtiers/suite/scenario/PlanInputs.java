package io.github.ycsbtiers.suite.scenario;

import java.util.List;
import java.util.OptionalLong;

/**
 * What a scenario's plan takes from the user ({@link Scenario#plan}): sizes, counts and the phases
 * chosen. An interface of this package, so that scenarios know nothing of the command line that
 * fills it in (the suite's options implement it). Unset numbers are empty: the scenario decides.
 */
public interface PlanInputs {
  /** {@code --records}: recordcount of every Load. */
  OptionalLong records();

  /** {@code --operations}: operationcount of every run phase. */
  OptionalLong operations();

  /** A run phase's operationcount: {@link #operations()}, else {@code fromSizing} raised to the floor. */
  long runOperations(long fromSizing);

  /** {@code --duration}: seconds each run phase runs; empty: by operation count. */
  OptionalLong duration();

  /** {@code --memory}: a remote target's memory, to size its data from. */
  OptionalLong memoryBytes();

  /** tier-ratio's value size. */
  int valueSize();

  /** value-size's value sizes. */
  List<Integer> valueSizes();

  /** value-size's total data per value size. */
  long dataBytes();

  /** flash-hit's RAM hit targets as fractions (0.85). */
  List<Double> hitTargets();

  /** flash-hit's set:get ratios. */
  List<SetGet> setGets();

  /** The phases to run ({@link PhaseSelection#ALL}: every one). */
  PhaseSelection only();
}
