package io.github.ycsbtiers.runner.workload;

import io.github.ycsbtiers.runner.workload.random.WorkloadRandom;

/**
 * Picks the kind of each run-phase operation by the configured proportions, which like upstream
 * are weights normalised by their sum. Used instead of core's {@code DiscreteGenerator}, which
 * re-sums the weights on every call, hands back a String to switch on and can fall through all
 * buckets by rounding (an {@code AssertionError}).
 */
final class OperationChooser {
  private final OperationKind[] kinds;
  private final double[] upperBounds;

  OperationChooser(CoreWorkloadOptions o) {
    OperationKind[] all = {
      OperationKind.READ, OperationKind.UPDATE, OperationKind.INSERT, OperationKind.SCAN,
      OperationKind.READ_MODIFY_WRITE
    };
    double[] weights = {
      o.readProportion(), o.updateProportion(), o.insertProportion(), o.scanProportion(),
      o.readModifyWriteProportion()
    };
    double total = 0;
    int used = 0;
    for (double w : weights) {
      total += w;
      used += w > 0 ? 1 : 0;
    }
    kinds = new OperationKind[used];
    upperBounds = new double[used];
    double cumulative = 0;
    int j = 0;
    for (int i = 0; i < all.length; i++) {
      if (weights[i] > 0) {
        cumulative += weights[i];
        kinds[j] = all[i];
        upperBounds[j] = cumulative / total;
        j++;
      }
    }
  }

  boolean isEmpty() {
    return kinds.length == 0;
  }

  /** The next kind, drawn from the client's stream; the last one with a proportion above 0 absorbs rounding. */
  OperationKind next(WorkloadRandom random) {
    double u = random.nextDouble();
    int last = kinds.length - 1;
    for (int i = 0; i < last; i++) {
      if (u < upperBounds[i]) {
        return kinds[i];
      }
    }
    return kinds[last];
  }
}
